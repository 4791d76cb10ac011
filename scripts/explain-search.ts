// npx tsx scripts/explain-search.ts <database-url or pglite dir> "<search query string>" [locale]
// Prints EXPLAIN ANALYZE of every statement one search runs (cold: counts and facets included).
import { openDatabase } from "../app/.server/db";
import { anonymousViewer } from "../app/.server/access";
import { clearSearchCache, search } from "../app/features/search/search.server";
import { parseSearchParams } from "../app/features/search/search-params";
import { sql, type SQL } from "drizzle-orm";

const [target, qs, locale = "it"] = process.argv.slice(2);
const database = await openDatabase(target!.includes("://") ? { databaseUrl: target } : { dataDir: target });
const p = parseSearchParams(new URLSearchParams(qs));
if (!p.ok) throw new Error(p.error.message);
const explain = process.env.NO_EXPLAIN !== "1";
/**
 * Wraps a statement runner: prints the plan (EXPLAIN ANALYZE) and the time of every query it runs.
 * `database.rows` answers rows; a transaction's `execute` answers { rows }.
 */
function instrumented<E extends (q: SQL) => Promise<unknown>>(execute: E, label: string, isQuery: (q: SQL) => boolean = () => true): E {
  const rowsOf = (r: unknown) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as { "QUERY PLAN": string }[];
  return (async (q: SQL) => {
    if (!isQuery(q)) return execute(q);
    if (explain)
      console.log(
        rowsOf(await execute(sql`explain (analyze, buffers, costs off) ${q}`))
          .map((r) => r["QUERY PLAN"])
          .join("\n"),
      );
    const t = performance.now();
    const res = await execute(q);
    console.log(`-- ${label}${(performance.now() - t).toFixed(1)} ms\n`);
    return res;
  }) as E;
}
database.rows = instrumented(database.rows.bind(database), "");
// Statements that run in a transaction (searches with words: planner settings are local to it) too.
const transaction = database.db.transaction.bind(database.db);
database.db.transaction = ((fn: (tx: typeof database.db) => Promise<unknown>) =>
  transaction(async (tx) => {
    const dialect = (tx as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string } } }).dialect;
    tx.execute = instrumented(tx.execute.bind(tx), "(in a transaction) ", (q) => /^\s*(select|with)\b/i.test(dialect.sqlToQuery(q).sql));
    return fn(tx as never);
  })) as typeof database.db.transaction;
for (let i = 0; i < Number(process.env.REPEAT ?? 1); i++) {
  clearSearchCache(database);
  const t = performance.now();
  const r = await search({ database, viewer: anonymousViewer(), locale: locale as "it" }, p.params);
  console.log(`== search ${(performance.now() - t).toFixed(1)} ms, count ${r.count}`);
}
await database.close();
