import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { testDatabases } from "../setup/db";
import { startTestServer } from "../setup/app";
import { openDemo } from "../setup/demo";
import { METADATA_FORMATS } from "../../app/features/standards/oai-formats.server";

/**
 * The whole demo catalogue harvested through /oai by a harvester no one here wrote: Debian's
 * libhttp-oai-perl (`oai_pmh`, installed by .ci/run), following resumption tokens to the end; the
 * identifiers must be exactly the public records of the database. Then the ListRecords throughput over
 * HTTP, and a token carried over a restart of the server.
 */
const run = promisify(execFile);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  isArray: (n) => n === "record" || n === "header",
});

/** The `identifier: …` and `status: …` lines oai_pmh prints per record (records are separated by form feeds). */
function harvested(out: string): { id: string; deleted: boolean }[] {
  return [...out.matchAll(/(?:^|[\n\f])identifier: (\S+)\ndatestamp: [^\n]*\nstatus: ([^\n]*)/g)].map((m) => ({
    id: m[1]!,
    deleted: m[2]!.trim() === "deleted",
  }));
}

for (const target of testDatabases()) {
  describe(`OAI-PMH harvest of the demo catalogue (${target.name})`, () => {
    let demo: Awaited<ReturnType<typeof openDemo>>;
    let db: Awaited<ReturnType<typeof openDemo>>["db"];
    let server: Awaited<ReturnType<typeof startTestServer>>;
    let host = "";
    const idOf = (r: { table_name: string; id: string }) => `oai:${host}:${r.table_name}/${r.id}`;

    beforeAll(async () => {
      // the demo archive as npm start loads it, with fewer drawn images (a copy of this run's prepared one)
      demo = await openDemo(target);
      db = demo.db;
      server = await startTestServer(db, demo.store);
      host = new URL(server.base).hostname;
    }, 600_000);
    afterAll(async () => {
      await server?.close();
      await demo?.drop();
    });

    it("oai_pmh harvests every public record and nothing else, through resumption tokens", async () => {
      const { stdout } = await run("oai_pmh", ["-X", "ListIdentifiers", "--metadataPrefix", "oai_dc", `${server.base}/oai`], {
        maxBuffer: 1 << 28,
      });
      const items = harvested(stdout);
      const publicRows = await db.rows<{ table_name: string; id: string }>(sql`select table_name, id from records where access = 1`);
      const hidden = await db.rows<{ table_name: string; id: string }>(sql`select table_name, id from records where access <> 1`);
      expect(publicRows.length).toBeGreaterThan(1000); // several pages of 500
      expect(hidden.length).toBeGreaterThan(0);
      expect(items.filter((i) => i.deleted)).toEqual([]);
      const ids = items.map((i) => i.id);
      expect(new Set(ids).size).toBe(ids.length); // no record twice across pages
      expect(ids.sort()).toEqual(publicRows.map(idOf).sort());
      for (const h of hidden) expect(ids).not.toContain(idOf(h));
    }, 600_000);

    it("oai_pmh harvests the EDM records (objects, collections, data) with their metadata", async () => {
      const { stdout } = await run("oai_pmh", ["-X", "ListRecords", "--metadataPrefix", "edm", `${server.base}/oai`], {
        maxBuffer: 1 << 28,
      });
      const ids = harvested(stdout).map((i) => i.id);
      const tables = METADATA_FORMATS.edm.tables!;
      const rows = await db.rows<{ table_name: string; id: string }>(
        sql`select table_name, id from records where access = 1 and table_name = any(${`{${tables.join(",")}}`}::text[])`,
      );
      expect(ids.sort()).toEqual(rows.map(idOf).sort());
      expect(stdout.match(/<edm:ProvidedCHO /g)?.length).toBe(rows.length);
      expect(stdout.match(/<ore:Aggregation /g)?.length).toBe(rows.length);
    }, 600_000);

    it("oai_pmh harvests a fonds' set (decision 055): exactly the fonds, its series and the public records tied to them", async () => {
      // the expectation by another route than the server's: the fonds' tree walked by parent_id
      const expected = await db.rows<{ table_name: string; id: string }>(sql`
        with recursive fonds(uid, table_name, id) as (
          select uid, table_name, id from records where table_name = 'ca_collections' and id = '1' and parent_id is null and access = 1
          union all
          select r.uid, r.table_name, r.id from records r join fonds f on r.table_name = 'ca_collections' and r.parent_id = f.id)
        select m.table_name, m.id from records m where m.access = 1 and (
          m.uid in (select uid from fonds)
          or exists (select 1 from relations x join fonds f on x.to_table = f.table_name and x.to_id = f.id where x.from_uid = m.uid)
          or exists (select 1 from relations x join fonds f on x.from_uid = f.uid where x.to_table = m.table_name and x.to_id = m.id))`);
      expect(expected.length).toBeGreaterThan(20);
      const t0 = performance.now();
      const { stdout } = await run(
        "oai_pmh",
        ["-X", "ListIdentifiers", "--metadataPrefix", "oai_dc", "--set", "collection:1", `${server.base}/oai`],
        { maxBuffer: 1 << 26 },
      );
      const seconds = (performance.now() - t0) / 1000;
      const ids = harvested(stdout).map((i) => i.id);
      expect(ids.sort()).toEqual(expected.map(idOf).sort());
      console.log(`[oai] ListIdentifiers set=collection:1: ${ids.length} identifiers in ${seconds.toFixed(1)} s (${target.name})`);
    }, 600_000);

    it("ListRecords throughput over HTTP, and a resumption token that outlives the server", async () => {
      const [{ n }] = await db.rows<{ n: number }>(sql`select count(*)::int as n from records where access = 1`);
      let token: string | null = null;
      let count = 0;
      let pages = 0;
      const t0 = performance.now();
      do {
        const res = await server.fetch(
          `/oai?${token ? `verb=ListRecords&resumptionToken=${encodeURIComponent(token)}` : "verb=ListRecords&metadataPrefix=oai_dc"}`,
        );
        const xml = await res.text();
        expect(XMLValidator.validate(xml)).toBe(true);
        const list = parser.parse(xml)["OAI-PMH"].ListRecords;
        count += list.record.length;
        pages++;
        const t = list.resumptionToken;
        token = typeof t === "string" ? t : (t?.["#text"] ?? null);
        if (pages === 2 && token) {
          // a new process: the token is all the state there is
          await server.close();
          server = await startTestServer(db, demo.store);
        }
      } while (token);
      const seconds = (performance.now() - t0) / 1000;
      expect(count).toBe(n);
      console.log(
        `[oai] ListRecords oai_dc: ${count} records in ${pages} pages, ${seconds.toFixed(1)} s, ${Math.round(count / seconds)} records/s (${target.name})`,
      );
    }, 600_000);
  });
}
