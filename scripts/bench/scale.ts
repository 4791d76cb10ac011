// Grows a benchmark catalogue by copying its records in SQL.
import { sql } from "drizzle-orm";
import type { Database } from "../../app/.server/db";

/**
 * Grows an imported catalogue to `target` records by copying its records with
 * their texts, tags, relations and media under new ids ("17~3"), and their
 * search documents as they are (a copy holds the same words as its original):
 * a large catalogue in minutes instead of an import of hours. The search
 * tables' GIN and GiST indexes are dropped while copying and built again at the
 * end (much faster than inserting into them). Each round commits.
 */
export async function scaleUp(database: Database, from: number, target: number) {
  const columns = async (table: string, skip: string[]) =>
    (
      await database.rows<{ c: string; d: string | null }>(sql`select column_name as c, column_default as d from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`)
    )
      .filter((x) => !skip.includes(x.c) && !x.d?.startsWith("nextval("))
      .map((x) => x.c);
  const list = (cs: string[], prefix = "") => sql.raw(cs.map((c) => `${prefix}${c}`).join(", "));
  const recordCols = await columns("records", ["id"]);
  const [{ base }] = (await database.rows<{ base: number }>(sql`select count(*)::int as base from records where id not like '%~%'`)) as [
    { base: number },
  ];
  let n = from;
  const t0 = performance.now();
  const slowIndexes = await database.rows<{ name: string; def: string }>(sql`select indexname as name, indexdef as def from pg_indexes
    where schemaname = current_schema() and tablename in ('search_docs', 'search_texts') and (indexdef like '%USING gin%' or indexdef like '%USING gist%')`);
  for (const ix of slowIndexes) await database.rows(sql`drop index ${sql.identifier(ix.name)}`);
  // Read before the transactions: PGlite has one connection, and a statement outside a transaction waits for it.
  const copied = ["record_texts", "record_tags", "relations", "media", "search_docs", "search_texts"] as const;
  const keys: Record<(typeof copied)[number], string> = {
    record_texts: "record_uid",
    record_tags: "record_uid",
    relations: "from_uid",
    media: "record_uid",
    search_docs: "record_uid",
    search_texts: "record_uid",
  };
  const tableCols = Object.fromEntries(await Promise.all(copied.map(async (t) => [t, await columns(t, [keys[t]])] as const)));
  for (let k = Math.floor(n / base); n < target; k++) {
    const limit = Math.min(base, target - n);
    const suffix = `~${k}`;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into records (id, ${list(recordCols)})
        select id || ${suffix}, ${list(recordCols)} from records where id not like '%~%' order by uid limit ${limit}`);
      const copies = sql`select n.uid as new_uid, o.uid as old_uid from records n join records o
        on o.table_name = n.table_name and o.id = left(n.id, length(n.id) - ${suffix.length}) where n.id like ${`%${suffix}`}`;
      // search documents copied as they are: a copy holds the same words as its original
      for (const table of copied) {
        const key = keys[table];
        const cols = tableCols[table]!;
        await tx.execute(sql`insert into ${sql.identifier(table)} (${sql.identifier(key)}, ${list(cols)})
          select c.new_uid, ${list(cols, "x.")} from (${copies}) c join ${sql.identifier(table)} x on x.${sql.identifier(key)} = c.old_uid`);
      }
    });
    n += limit;
    console.log(`  ${n.toLocaleString("en")} records (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  console.log(`  building ${slowIndexes.length} search indexes…`);
  await database.rows(sql`set maintenance_work_mem = '1GB'`);
  for (const ix of slowIndexes) await database.rows(sql.raw(ix.def.replace(" ON ONLY ", " ON ")));
  // (vacuum too: the copies' hint bits and visibility map are set here rather than by the first searches,
  // and PGlite has no autovacuum)
  console.log("  vacuum analyze…");
  await database.rows(sql`vacuum analyze`);
  console.log(`  done (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
}
