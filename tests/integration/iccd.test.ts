import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { importFile } from "../../app/features/catalogue/import.server";
import { validateRecord } from "../../app/features/catalogue/interchange";
import { convertIccdFiles, listSchedaFiles, writeNdjson } from "../../app/features/catalogue/iccd/convert";
import { loadThesauri, type Thesaurus } from "../../app/features/catalogue/iccd/thesauri";
import { search } from "../../app/features/search/search.server";
import { parseSearchParams } from "../../app/features/search/search-params";
import { anonymousViewer } from "../../app/.server/access";
import { seedDataDir, testDatabases } from "../setup/db";
import { tempDir } from "../factories/records";

const SAMPLES = path.resolve(import.meta.dirname, "../../../shared/data/iccd");
const haveSamples = fs.existsSync(path.join(SAMPLES, "xml"));
if (!haveSamples) console.warn(`ICCD samples not found at ${SAMPLES}: the sample tests are skipped`);

let thesaurus: Thesaurus;
let converted: ReturnType<typeof convertIccdFiles>;
const dir = tempDir("teca-iccd-");

describe.runIf(haveSamples)("ICCD samples", () => {
  beforeAll(() => {
    thesaurus = loadThesauri([path.join(SAMPLES, "thesauri")]);
    converted = convertIccdFiles(listSchedaFiles([path.join(SAMPLES, "xml")]), { thesaurus });
  }, 120_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("converts a scheda of every kind present; the copies of a scheda are reported by file", () => {
    const files = listSchedaFiles([path.join(SAMPLES, "xml")]);
    const kinds = new Set(files.map((f) => /<TSK[^>]*>\s*([A-Za-z]+)\s*</.exec(fs.readFileSync(f, "utf8"))![1]));
    expect([...kinds].sort()).toEqual(Object.keys(converted.byKind).sort());
    // every file is either converted or reported with its name and a reason
    const objects = converted.records.filter((r) => r.table === "ca_objects");
    expect(objects.length + converted.rejected.length).toBe(files.length);
    for (const r of converted.rejected) {
      expect(files).toContain(r.file);
      expect(r.reason).toMatch(/^duplicate scheda \d+ \(already converted from .+\.xml\)$/);
    }
    for (const r of converted.records) expect(validateRecord(r)).toMatchObject({ ok: true });
    for (const o of objects) {
      expect(o.id).toMatch(/^iccd-\d{10}$/);
      expect(o.source).toEqual({ license: "CC-BY-SA-4.0", attribution: "MiC – ICCD, Catalogo generale dei Beni Culturali" });
      expect(o.texts!.it!.label.length).toBeGreaterThan(2);
      expect(o.type).toBeDefined();
    }
  });

  it("maps the Hayez painting's fields", () => {
    const r = converted.records.find((x) => x.id === "iccd-1200489492")!;
    expect(r).toMatchObject({
      type: { code: "painting" },
      date: { start: "1846", end: "1846" },
      coordinates: { lat: 41.916344, lng: 12.4822292 },
      texts: { it: { label: "I Vespri Siciliani", dateDisplay: "1846" } },
    });
    const md = r.texts!.it!.metadata!;
    expect(md.find((m) => m.code === "medium")!.value).toBe("tempera grassa su tela");
    expect(md.find((m) => m.code === "dimensions")!.value).toBe("225 × 308");
    expect(md.find((m) => m.code === "condition")!.value).toBe("buono");
    expect(md.find((m) => m.code === "ACQT")).toMatchObject({ label: "Acquisizione – Tipo di acquisizione", value: "lascito" });
    expect(md.filter((m) => m.code === "RSTD").map((m) => m.value)).toEqual(["1920", "1940", "1954", "1983"]);
    expect(r.relations!.map((x) => `${x.type}:${x.id}`)).toEqual([
      "creator:iccd-aut-hayez-francesco",
      "located_in:iccd-place-comune-roma-rm",
      "located_in:iccd-place-ldc-galleria-nazionale-d-arte-moderna-roma",
    ]);
  });

  it("reads centuries (BCE too) when there are no years, and ICCD's access profile", () => {
    expect(converted.records.find((x) => x.id === "iccd-1600015549")!.date).toEqual({ start: "-1600", end: "-1201" });
    expect(converted.records.find((x) => x.id === "iccd-0900206599")!.date).toEqual({ start: "-700", end: "-602" });
    const restricted = converted.records
      .filter((x) => x.access === 2)
      .map((x) => x.id)
      .sort();
    expect(restricted).toEqual(["iccd-0800107878", "iccd-0900104131", "iccd-0900785097"]);
  });

  it("links records to thesaurus terms with their hierarchy", () => {
    const kantharos = converted.records.find((x) => x.id === "iccd-0900206599")!;
    const tag = kantharos.tags!.find((t) => t.name.it === "kantharos")!;
    expect(tag.parents!.map((p) => p.name.it)).toEqual([
      "Thesaurus per la definizione dei reperti archeologici",
      "STRUMENTI - UTENSILI - OGGETTI D'USO",
      "CONTENITORI E RECIPIENTI",
    ]);
    const villa = converted.records.find((x) => x.id === "iccd-2000029936")!;
    expect(villa.tags!.map((t) => t.name.it)).toEqual(["villa (architettura residenziale)"]);
  });

  for (const target of testDatabases()) {
    describe(`imported into ${target.name}`, () => {
      let db: Awaited<ReturnType<typeof target.open>>;
      beforeAll(async () => {
        db = await target.open();
        const file = path.join(dir, `${target.name}.ndjson`);
        writeNdjson(file, converted.records);
        const res = await importFile({ database: db }, file, { mediaStore: path.join(dir, "media") });
        expect(res.rejected).toEqual([]);
        expect(res.failed).toBeUndefined();
        expect(res.imported).toBe(converted.records.length);
      }, 180_000);
      afterAll(() => db.drop());

      it("holds every scheda, its makers and places, and the tag trees", async () => {
        const count = await db.rows<{ table_name: string; n: number }>(
          sql`select table_name, count(*)::int as n from records where id like 'iccd-%' group by table_name order by table_name`,
        );
        const objects = converted.records.filter((r) => r.table === "ca_objects").length;
        expect(count.find((c) => c.table_name === "ca_objects")!.n).toBe(objects);
        expect(count.find((c) => c.table_name === "ca_entities")!.n).toBeGreaterThanOrEqual(6);
        const paths = await db.rows<{ path: string }>(sql`select path from tags where id = 'iccd:reperti_archeologici:009.005.000.071'`);
        expect(paths[0]!.path.split("/")).toHaveLength(4);
        const placeParent = await db.rows<{ parent_id: string }>(
          sql`select parent_id from records where table_name = 'ca_places' and id = 'iccd-place-comune-roma-rm'`,
        );
        expect(placeParent[0]!.parent_id).toBe("iccd-place-regione-lazio");
      });

      it("is found by search (maker name, place), restricted schede only by those who may see them", async () => {
        const ctx = { database: db, viewer: anonymousViewer(), locale: "it" as const };
        const parsed = (q: string) => {
          const p = parseSearchParams(new URLSearchParams({ q }));
          if (!p.ok) throw new Error(p.error.message);
          return p.params;
        };
        const hayez = await search(ctx, parsed("Hayez Vespri"));
        expect(hayez.data.map((c) => c.id)).toContain("iccd-1200489492");
        const parma = await search(ctx, parsed("Elisabetta Parma"));
        expect(parma.data.map((c) => c.id)).not.toContain("iccd-0800107878");
      });
    });
  }

  it("npm run import:iccd reports a bad file by name and imports the rest in one run", async () => {
    const xmlDir = path.join(dir, "cli");
    fs.mkdirSync(xmlDir, { recursive: true });
    fs.copyFileSync(path.join(SAMPLES, "xml", "OA-200-ICCD11306544.xml"), path.join(xmlDir, "hayez.xml"));
    fs.writeFileSync(path.join(xmlDir, "broken.xml"), "<schede><XX><CD><TSK>XX</TSK></CD></XX></schede>");
    // the tool's subprocess smoke test, on a data directory migrated already (this run's snapshot)
    seedDataDir(path.join(dir, "cli-data"));
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/import-iccd.ts", xmlDir, "--no-thesauri", "--out", path.join(dir, "cli.ndjson"), "--import"],
      {
        cwd: path.resolve(import.meta.dirname, "../.."),
        env: { ...process.env, DATA_DIR: path.join(dir, "cli-data"), DATABASE_URL: "", LOG_LEVEL: "warn" },
      },
    );
    expect(stderr).toMatch(/broken\.xml: unknown scheda type XX/);
    expect(stdout).toMatch(/1 schede \(OA 1\)/);
    expect(stdout).toMatch(/Imported 4 records/);
  }, 180_000);
});
