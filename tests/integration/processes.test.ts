import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../../app/.server/db";
import { catalogueChanged, watchCatalogue } from "../../app/.server/caches";
import { facetsOnce, type FacetRow } from "../../app/features/search/facets.server";
import { testDatabases } from "../setup/db";

// What several server processes on one PostgreSQL database must agree on (decision 031). PGlite serves one
// process: these rules exist on PostgreSQL only.
for (const target of testDatabases().filter((t) => t.name === "postgres")) {
  describe(`processes sharing ${target.name}`, () => {
    const opened: Database[] = [];
    afterAll(async () => {
      for (const d of opened.reverse()) await ((d as Database & { drop?: () => Promise<void> }).drop?.() ?? d.close());
    });

    it("an import in one process clears the catalogue caches of the others", async () => {
      const one = await target.open();
      opened.push(one);
      const two = await openDatabase({ databaseUrl: one.url!, migrate: false });
      opened.push(two);
      await watchCatalogue(one);
      await watchCatalogue(two);
      const row = (total: number) => ({ total }) as FacetRow;
      expect((await facetsOnce(two, "k", async () => row(1))).total).toBe(1);
      expect((await facetsOnce(two, "k", async () => row(2))).total).toBe(1);
      catalogueChanged(one);
      let total = 1;
      for (let i = 0; i < 50 && total === 1; i++) {
        await new Promise((r) => setTimeout(r, 100));
        total = (await facetsOnce(two, "k", async () => row(2))).total;
      }
      expect(total).toBe(2);
    });

    it("a statement running past the server's timeout is cancelled", async () => {
      const base = await target.open();
      opened.push(base);
      const bounded = await openDatabase({ databaseUrl: base.url!, migrate: false, statementTimeoutMs: 200 });
      opened.push(bounded);
      const err = await bounded.rows(sql`select pg_sleep(2)`).then(() => null, (e: Error & { cause?: Error }) => e);
      expect(err?.cause?.message ?? err?.message).toMatch(/statement timeout/);
      expect(await bounded.rows(sql`select 1 as ok`)).toEqual([{ ok: 1 }]);
    });
  });
}
