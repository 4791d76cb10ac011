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
const rows = database.rows.bind(database);
const explain = process.env.NO_EXPLAIN !== "1";
database.rows = (async (q: SQL) => {
  const t = performance.now();
  if (explain) {
    const plan = await rows<{ "QUERY PLAN": string }>(sql`explain (analyze, buffers, costs off) ${q}`);
    console.log(plan.map((r) => r["QUERY PLAN"]).join("\n"));
  }
  const t1 = performance.now();
  const res = await rows(q);
  console.log(`-- ${(performance.now() - t1).toFixed(1)} ms (explain ${(t1 - t).toFixed(1)} ms)\n`);
  return res;
}) as typeof database.rows;
// Statements that run in a transaction (searches with words: planner settings are SET LOCAL) too.
const transaction = database.db.transaction.bind(database.db);
database.db.transaction = ((fn: (tx: typeof database.db) => Promise<unknown>) =>
  transaction(async (tx) => {
    const execute = tx.execute.bind(tx);
    tx.execute = (async (q: SQL) => {
      const text = (tx as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string } } }).dialect.sqlToQuery(q).sql;
      if (!/^\s*(select|with)\b/i.test(text)) return execute(q);
      if (!explain) {
        const t = performance.now();
        const res = await execute(q);
        console.log(`-- (in a transaction) ${(performance.now() - t).toFixed(1)} ms`);
        return res;
      }
      const t = performance.now();
      const plan = (await execute(sql`explain (analyze, buffers, costs off) ${q}`)) as unknown as { rows: { "QUERY PLAN": string }[] };
      console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
      console.log(`-- (in a transaction) explain ${(performance.now() - t).toFixed(1)} ms\n`);
      return execute(q);
    }) as typeof tx.execute;
    return fn(tx as never);
  })) as typeof database.db.transaction;
for (let i = 0; i < Number(process.env.REPEAT ?? 1); i++) {
  clearSearchCache(database);
  const t = performance.now();
  const r = await search({ database, viewer: anonymousViewer(), locale: locale as "it" }, p.params);
  console.log(`== search ${(performance.now() - t).toFixed(1)} ms, count ${r.count}`);
}
await database.close();
