import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db";
import { openMemoryDatabase } from "../../../tests/setup/db";
import { importFile } from "~/features/catalogue/index.server";
import { validateRecord, type InterchangeRecord } from "~/features/catalogue";
import { FIXED_IDS, generateDemo, HIGHLIGHT_OBJECT_IDS, METADATA_CODES, type DemoResult } from "./generate";
import { ensureDemo, prepareDemo } from "./load.server";
import { DEMO_COLORS, DEMO_SUMMARY_CONFIG, seedDemoSite } from "./site";
import { checkModel, checkPanorama } from "~/.server/media-kinds";
import { VIEWERS_DIR } from "./generate/viewers";
import { SEMAFORO_PATHS } from "./vocabulary";

const TABLES = ["ca_objects", "ca_entities", "ca_occurrences", "ca_places", "ca_collections", "assets"];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "teca-demo-test-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function readRecords(file: string): unknown[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

describe("demo archive generator (default size)", () => {
  let result: DemoResult;
  let records: InterchangeRecord[];
  const find = (table: string, id: string) => records.find((r) => r.table === table && r.id === id)!;

  beforeAll(async () => {
    result = await generateDemo(path.join(tmp, "default"));
    records = readRecords(result.file).map((raw, i) => {
      const v = validateRecord(raw);
      if (!v.ok) throw new Error(`line ${i + 1}: ${v.reason}`);
      return v.record;
    });
  }, 120_000);

  it("writes at least 1,500 valid records across the six tables", () => {
    expect(records.length).toBe(result.count);
    expect(records.length).toBeGreaterThanOrEqual(1500);
    const tables = new Set(records.map((r) => r.table));
    for (const t of TABLES) expect(tables, t).toContain(t);
    const objects = records.filter((r) => r.table === "ca_objects").length;
    expect(objects / records.length).toBeGreaterThan(0.5);
    expect(new Set(records.map((r) => `${r.table}/${r.id}`)).size).toBe(records.length);
  });

  it("has every access level in roughly the intended shares", () => {
    const share = (a: number) => records.filter((r) => r.access === a).length / records.length;
    expect(share(1)).toBeGreaterThan(0.78);
    expect(share(2)).toBeGreaterThan(0.05);
    expect(share(3)).toBeGreaterThan(0.02);
  });

  it("covers the format: locales, metadata types, currencies, tags, relations, media kinds", () => {
    const meta = records.flatMap((r) => Object.values(r.texts).flatMap((t) => t!.metadata));
    expect(new Set(meta.map((m) => m.type))).toEqual(new Set(["text", "date", "link", "quantityValue"]));
    const currencies = new Set(meta.flatMap((m) => (m.type === "quantityValue" ? [m.value.currency] : [])));
    for (const c of [1, 2, 3, 11]) expect(currencies).toContain(c);
    expect(records.filter((r) => Object.keys(r.texts).join() === "it").length).toBeGreaterThan(10);
    expect(records.filter((r) => Object.keys(r.texts).length === 3).length / records.length).toBeGreaterThan(0.85);
    expect(records.some((r) => r.tags.some((t) => t.parents.length >= 2))).toBe(true);
    expect(
      records.some((r) => r.tags.some((t) => [...t.parents.map((p) => p.id), t.id].join("/").startsWith(SEMAFORO_PATHS.fragile))),
    ).toBe(true);
    const media = records.flatMap((r) => r.media);
    for (const t of ["image", "sequence", "youtube", "vimeo", "application"])
      expect(
        media.some((m) => m.type === t),
        t,
      ).toBe(true);
    expect(media.some((m) => m.restricted)).toBe(true);
    expect(media.some((m) => m.title?.it === "[VUOTO]")).toBe(true);
    expect(records.some((r) => r.relations.some((x) => x.interstitial.length > 0))).toBe(true);
    expect(records.some((r) => r.numero?.bis)).toBe(true);
    expect(records.some((r) => !r.date)).toBe(true);
    expect(records.some((r) => r.date?.end !== undefined)).toBe(true);
    const years = records.flatMap((r) => (r.date?.start !== undefined ? [Number(String(r.date.start).slice(0, 4))] : []));
    expect(Math.min(...years)).toBeLessThan(1800);
    expect(Math.max(...years)).toBeGreaterThanOrEqual(2020);
    // Metadata codes the site's summary config names are really used.
    for (const [table, cfg] of Object.entries(DEMO_SUMMARY_CONFIG)) {
      const used = new Set(
        records.filter((r) => r.table === table).flatMap((r) => Object.values(r.texts).flatMap((t) => t!.metadata.map((m) => m.code))),
      );
      for (const code of [...cfg.summary, ...cfg.header]) expect(used, `${table}.${code}`).toContain(code);
      for (const code of used)
        expect(METADATA_CODES[table as keyof typeof METADATA_CODES] as readonly string[], `${table}.${code}`).toContain(code);
    }
  });

  it("relations point at records that exist; media files exist", () => {
    const keys = new Set(records.map((r) => `${r.table}/${r.id}`));
    for (const r of records) {
      for (const rel of r.relations) expect(keys.has(`${rel.table}/${rel.id}`), `${r.table}/${r.id} → ${rel.table}/${rel.id}`).toBe(true);
      if (r.parent) expect(keys.has(`${r.table}/${r.parent}`)).toBe(true);
      for (const m of r.media) if (m.file) expect(fs.existsSync(path.join(result.mediaDir, m.file)), m.file).toBe(true);
    }
  });

  it("generates wide, tall and square JPEG images no larger than 1600 px", async () => {
    const files = [...new Set(records.flatMap((r) => r.media.flatMap((m) => (m.type === "image" && m.file ? [m.file] : []))))];
    expect(files.length).toBeGreaterThanOrEqual(250);
    const shapes = new Set<string>();
    for (const f of files) {
      const meta = await sharp(path.join(result.mediaDir, f)).metadata();
      expect(meta.format).toBe("jpeg");
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1600);
      shapes.add(
        meta.width! > meta.height! * 1.5
          ? "wide"
          : meta.height! > meta.width! * 1.5
            ? "tall"
            : meta.width === meta.height
              ? "square"
              : "other",
      );
    }
    expect(shapes).toContain("wide");
    expect(shapes).toContain("tall");
    expect(shapes).toContain("square");
  });

  it("keeps the well-known ids", async () => {
    const o1 = find("ca_objects", FIXED_IDS.publicObject);
    expect(o1.access).toBe(1);
    expect(Object.keys(o1.texts).sort()).toEqual(["en", "fr", "it"]);
    expect(o1.texts.it!.label).toBe("Fotografia dello stabilimento di Sesto San Giovanni");
    expect(o1.texts.en!.label).toBe("Photograph of the Sesto San Giovanni works");
    expect(o1.texts.fr!.label).toBe("Photographie de l'usine de Sesto San Giovanni");
    expect(new Set(o1.texts.it!.metadata.map((m) => m.type))).toEqual(new Set(["text", "date", "link", "quantityValue"]));
    expect(o1.tags.length).toBeGreaterThanOrEqual(3);
    expect(o1.focalPoint).toBeDefined();
    const rel = (table: string) => o1.relations.find((r) => r.table === table)?.id;
    expect(o1.relations.find((r) => r.type === "autore")?.id).toBe(FIXED_IDS.object1.author);
    expect(rel("ca_entities")).toBe(FIXED_IDS.object1.author);
    expect(o1.relations.find((r) => r.type === "luogo_realizzazione")?.id).toBe(FIXED_IDS.object1.place);
    expect(rel("ca_occurrences")).toBe(FIXED_IDS.object1.occurrence);
    expect(rel("ca_collections")).toBe(FIXED_IDS.object1.collection);
    expect(find("ca_collections", FIXED_IDS.object1.collection).parent).toBe(FIXED_IDS.fonds);
    const images = o1.media.filter((m) => m.type === "image");
    expect(images.length).toBeGreaterThanOrEqual(2);
    const dims = await Promise.all(images.map((m) => sharp(path.join(result.mediaDir, m.file!)).metadata()));
    expect(dims.some((d) => d.width! > d.height! * 1.5)).toBe(true);
    expect(dims.some((d) => d.height! > d.width! * 1.5)).toBe(true);

    expect(find("ca_objects", FIXED_IDS.veryRestrictedObject).access).toBe(3);
    expect(find("ca_objects", FIXED_IDS.restrictedObject).access).toBe(2);
    const o4 = find("ca_objects", FIXED_IDS.italianOnlyObject);
    expect(Object.keys(o4.texts)).toEqual(["it"]);
    expect(o4.access).toBe(1);
    // The 360° example: a public majolica vase whose last media item is the turntable's 24 frames, in order.
    const vase = find("ca_objects", FIXED_IDS.turntableObject);
    expect(vase.access).toBe(1);
    expect(vase.texts.it?.label).toMatch(/^Vaso in maiolica con decoro a melograno/);
    const sequence = vase.media.find((m) => m.type === "sequence");
    expect(sequence?.frames).toHaveLength(24);
    expect(sequence?.frames).toEqual([...sequence!.frames!].sort());
    expect(sequence?.restricted).toBe(false);
    for (const f of sequence!.frames!) expect(fs.existsSync(path.join(result.mediaDir, f)), f).toBe(true);
    for (const id of HIGHLIGHT_OBJECT_IDS) {
      const o = find("ca_objects", id);
      expect(o.access, id).toBe(1);
      expect(
        o.media.some((m) => m.type === "image"),
        id,
      ).toBe(true);
    }

    // The viewers' examples: a panorama and a model the importer accepts (decision 106).
    const [pano] = find("assets", FIXED_IDS.panoramaAsset).media;
    const [model] = find("assets", FIXED_IDS.modelAsset).media;
    expect([pano?.type, model?.type]).toEqual(["panorama", "model"]);
    expect(await checkPanorama(path.join(result.mediaDir, pano!.file!))).toBeNull();
    expect(await checkModel(path.join(result.mediaDir, model!.file!))).toBeNull();
    expect(find("assets", FIXED_IDS.modelAsset).relations[0]).toMatchObject({ table: "ca_objects", id: FIXED_IDS.italianOnlyObject });

    const fonds = find("ca_collections", FIXED_IDS.fonds);
    expect(fonds.parent).toBeUndefined();
    const children = records.filter((r) => r.table === "ca_collections" && r.parent === FIXED_IDS.fonds).map((r) => r.id);
    expect(children).toEqual(expect.arrayContaining([...FIXED_IDS.fondsSeries]));
    expect(find("ca_places", FIXED_IDS.object1.place).coordinates).toEqual({ lat: 45.535, lng: 9.234 });
  });

  describe("plausibility (every record of the default demo)", () => {
    const year = (d: string | number | undefined) => (d === undefined ? undefined : Number(String(d).slice(0, 4)));
    /** A record's dated span in years (start, end), or null when it has no date. */
    const span = (r: InterchangeRecord): [number, number] | null => {
      const s = year(r.date?.start);
      return s === undefined ? null : [s, year(r.date?.end) ?? s];
    };
    const objects = () => records.filter((r) => r.table === "ca_objects");
    const techniques = (r: InterchangeRecord) => r.tags.filter((t) => t.parents.some((p) => p.id === "tecniche")).map((t) => t.id);
    const entity = (id: string) => find("ca_entities", id);
    /** When an entity could write, make or receive something: a person from 15 until death, a firm while it existed. */
    const active = (e: InterchangeRecord): [number, number] => {
      const [from, to] = span(e)!;
      const ended = e.date?.end !== undefined;
      return [e.type?.code === "persona" ? from + 15 : from, ended ? to : 9999];
    };
    const overlaps = (a: [number, number], b: [number, number]) => a[0] <= b[1] && b[0] <= a[1];

    it("makers and recipients were alive and of age, sitters alive, at the record's date", () => {
      const wrong: string[] = [];
      let checked = 0;
      for (const r of objects()) {
        const when = span(r);
        if (!when) continue;
        for (const rel of r.relations) {
          if (rel.table !== "ca_entities") continue;
          const e = entity(rel.id);
          if (!span(e)) continue;
          if (["autore", "destinatario", "soggetto_produttore"].includes(rel.type)) {
            checked++;
            if (!overlaps(when, active(e)))
              wrong.push(`${r.id} (${when.join("–")}) ${rel.type} ${e.texts.it?.label} ${span(e)!.join("–")}`);
          }
          if (rel.type === "soggetto" && e.type?.code === "persona") {
            checked++;
            const [born, died] = span(e)!;
            if (!overlaps(when, [born, e.date?.end !== undefined ? died : 9999]))
              wrong.push(`${r.id} portrait of ${e.texts.it?.label} ${born}–${died} dated ${when.join("–")}`);
          }
        }
      }
      expect(checked).toBeGreaterThan(500);
      expect(wrong).toEqual([]);
    });

    it("no photograph before 1839, no document of the firm before 1782, every technique within the years it was practised", () => {
      // First years of each technique (photography 1839; albumen prints 1850; gelatin silver 1871; blueprints
      // in drawing offices 1872; typewriters 1874; offset 1904; colour prints 1935), last years of albumen prints.
      const practised: Record<string, [number, number]> = {
        "tecniche-albumina": [1850, 1910],
        "tecniche-gelatina-sali-argento": [1871, 9999],
        "tecniche-lastra-vetro": [1851, 9999],
        "tecniche-stampa-colore": [1935, 9999],
        "tecniche-cianotipia": [1872, 9999],
        "tecniche-dattiloscritto": [1874, 9999],
        "tecniche-offset": [1904, 9999],
        "tecniche-cromolitografia": [1837, 9999],
        "tecniche-litografia": [1796, 9999],
      };
      const wrong: string[] = [];
      let photos = 0;
      for (const r of objects()) {
        const when = span(r);
        if (!when) continue;
        if (r.type?.code === "fotografia") {
          photos++;
          if (when[0] < 1839) wrong.push(`${r.id} photograph of ${when[0]}`);
        }
        // The firm's deeds, patents, tests and rules date from its founding at Como in 1782.
        if (r.type?.code === "documento" && when[1] < 1782) wrong.push(`${r.id} ${r.texts.it?.label} in ${when.join("–")}`);
        for (const t of techniques(r)) {
          const p = practised[t];
          if (p && (when[1] < p[0] || when[0] > p[1])) wrong.push(`${r.id} ${t} in ${when.join("–")}`);
        }
      }
      expect(photos).toBeGreaterThan(100);
      expect(wrong).toEqual([]);
    });

    it("techniques fit the kind of object", () => {
      const fits: Record<string, string[]> = {
        fotografia: ["gelatina-sali-argento", "albumina", "lastra-vetro", "stampa-colore"],
        lettera: ["manoscritto", "dattiloscritto"],
        registro: ["manoscritto", "dattiloscritto"],
        documento: ["manoscritto", "dattiloscritto", "stampa-tipografica"],
        ceramica: ["maiolica", "porcellana", "terraglia", "gres"],
        tessuto: ["damasco", "broccato", "velluto", "stampa-tessuto"],
        "disegno-tecnico": ["china-lucido", "cianotipia"],
        mappa: ["matita-acquerello", "china-lucido", "litografia"],
        manifesto: ["litografia", "cromolitografia", "offset"],
        bozzetto: ["matita-acquerello", "tempera"],
        catalogo: ["stampa-tipografica", "cromolitografia", "offset"],
        strumento: ["ottone-tornito", "fusione"],
        medaglia: ["conio"],
      };
      const wrong: string[] = [];
      for (const r of objects()) {
        const allowed = fits[r.type?.code ?? ""];
        expect(allowed, `type ${r.type?.code}`).toBeDefined();
        for (const t of techniques(r)) if (!allowed!.includes(t.replace(/^tecniche-/, ""))) wrong.push(`${r.id} ${r.type?.code}: ${t}`);
      }
      expect(wrong).toEqual([]);
    });

    it("places fit: a depicted building stood at the photograph's date; place tags agree with the place of production", () => {
      const wrong: string[] = [];
      for (const r of objects()) {
        const when = span(r);
        const placeTags = new Set(r.tags.filter((t) => t.parents.some((p) => p.id === "luoghi")).map((t) => t.id));
        for (const rel of r.relations) {
          if (rel.table !== "ca_places") continue;
          const place = find("ca_places", rel.id);
          const built = span(place);
          if (rel.type === "luogo_raffigurato" && r.type?.code === "fotografia" && when && built && when[1] < built[0])
            wrong.push(`${r.id} photograph of ${when.join("–")} shows ${place.texts.it?.label}, built ${built[0]}`);
          const own = place.tags.filter((t) => t.parents.some((p) => p.id === "luoghi")).map((t) => t.id);
          if (rel.type === "luogo_realizzazione" && placeTags.size && own.length && !own.some((t) => placeTags.has(t)))
            wrong.push(`${r.id} made at ${place.texts.it?.label} but tagged ${[...placeTags].join(", ")}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  });
});

describe("demo archive generator (determinism)", () => {
  it("produces identical bytes for the same options", async () => {
    const opts = { records: 300, images: 12 };
    const a = await generateDemo(path.join(tmp, "det-a"), opts);
    const b = await generateDemo(path.join(tmp, "det-b"), opts);
    expect(a.count).toBe(300);
    expect(fs.readFileSync(a.file).equals(fs.readFileSync(b.file))).toBe(true);
    const imagesA = fs.readdirSync(a.mediaDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(imagesA.length).toBe(39); // 12 pictures, the turntable's 24 frames, the PDF, the panorama and the model
    for (const e of imagesA) {
      const rel = path.relative(a.mediaDir, path.join(e.parentPath, e.name));
      expect(fs.readFileSync(path.join(a.mediaDir, rel)).equals(fs.readFileSync(path.join(b.mediaDir, rel))), rel).toBe(true);
    }
    const c = await generateDemo(path.join(tmp, "det-c"), { ...opts, seed: 7 });
    expect(fs.readFileSync(a.file).equals(fs.readFileSync(c.file))).toBe(false);
  }, 60_000);

  it("scales without images", async () => {
    const t0 = performance.now();
    const r = await generateDemo(path.join(tmp, "big"), { records: 5000, images: 0 });
    expect(r.count).toBe(5000);
    expect(performance.now() - t0).toBeLessThan(15_000);
    const first = fs.readFileSync(r.file, "utf8").split("\n", 1)[0]!;
    expect(validateRecord(JSON.parse(first)).ok).toBe(true);
    fs.rmSync(path.join(tmp, "big"), { recursive: true, force: true });
  }, 60_000);
});

describe("demo archive import", () => {
  let database: Database;
  let gen: DemoResult;
  beforeAll(async () => {
    gen = await generateDemo(path.join(tmp, "import"), { records: 300, images: 16 });
    database = await openMemoryDatabase();
  }, 120_000);
  afterAll(async () => database?.close());

  it("imports every record and seeds the site", async () => {
    const res = await importFile({ database }, gen.file, { mediaDir: gen.mediaDir, mediaStore: path.join(tmp, "store") });
    expect(res.rejected).toEqual([]);
    expect(res.failed).toBeUndefined();
    expect(res.imported).toBe(gen.count);
    await seedDemoSite(database);
    await seedDemoSite(database); // idempotent
    // reproduction requests in every state (issue 32 §3, §6), written afresh by the second call, not doubled
    const requests = await database.rows<{ state: string; n: number }>(
      sql`select case when status = 'approved' and expires_at <= now() then 'expired' else status end as state, count(*)::int as n
        from reproduction_requests group by 1 order by 1`,
    );
    expect(requests).toEqual([
      { state: "approved", n: 1 },
      { state: "expired", n: 1 },
      { state: "not_approved", n: 1 },
      { state: "pending", n: 2 },
    ]);

    const [{ n }] = await database.rows<{ n: number }>(sql`select count(*)::int as n from records`);
    expect(n).toBe(gen.count);
    const perTable = await database.rows<{ table_name: string; n: number }>(
      sql`select table_name, count(*)::int as n from records group by table_name`,
    );
    expect(Object.fromEntries(perTable.map((r) => [r.table_name, r.n]))).toEqual(gen.counts);
    const locales = await database.rows<{ locale: string; n: number }>(
      sql`select locale, count(*)::int as n from record_texts group by locale order by locale`,
    );
    expect(locales.map((l) => l.locale)).toEqual(["en", "fr", "it"]);
    expect(locales.find((l) => l.locale === "it")!.n).toBe(gen.count);
    for (const l of locales) expect(l.n).toBeGreaterThan(gen.count * 0.8);

    const media = await database.rows<{ media_type: string; width: number | null; height: number | null; thumbnail: string | null }>(
      sql`select m.media_type, m.width, m.height, m.thumbnail from media m join records r on r.uid = m.record_uid where r.table_name = 'ca_objects' and r.id = '1' order by m.ord`,
    );
    expect(media.map((m) => [m.width, m.height])).toEqual([
      [1600, 900],
      [800, 1400],
    ]);
    expect(media.every((m) => m.thumbnail)).toBe(true);
    // The 360° example: the vase's 24 frames, each derived, in turning order; its row shows the first.
    const [spin] = await database.rows<{ frames: { thumbnail: string; medium: string }[]; thumbnail: string; width: number }>(
      sql`select m.frames, m.thumbnail, m.width from media m join records r on r.uid = m.record_uid
        where r.table_name = 'ca_objects' and r.id = ${FIXED_IDS.turntableObject} and m.media_type = 'sequence'`,
    );
    expect(spin!.frames).toHaveLength(24);
    expect(spin!.thumbnail).toBe(spin!.frames[0]!.thumbnail);
    expect(spin!.width).toBe(800);
    expect(new Set(spin!.frames.map((f) => f.medium)).size).toBe(24);
    const [fonds] = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from records where table_name = 'ca_collections' and parent_path = '1'`,
    );
    expect(fonds!.n).toBeGreaterThanOrEqual(6);

    const options = await database.rows<{ locale: string; options: { title: string; menu: unknown[]; colors: unknown } }>(
      sql`select locale, options from site_options order by locale`,
    );
    expect(options.map((o) => o.locale)).toEqual(["en", "fr", "it"]);
    expect(options.find((o) => o.locale === "it")!.options.title).toBe("Archivio Storico della Fondazione Valdameri");
    // The search is named as the glossary names it: "Esplora" is the header's tab for a random selection, and a
    // menu with both "Esplora" and "Esplora l'archivio" read as one thing twice (issue 31 §10).
    const searchWords: Record<string, string> = { it: "Cerca nell'archivio", en: "Search the archive", fr: "Rechercher dans les archives" };
    for (const o of options) {
      const menu = o.options.menu as { label: string; path: string }[];
      expect(menu.find((m) => m.path === "/cerca")?.label).toBe(searchWords[o.locale]);
      expect(menu.map((m) => m.label).join(" | ")).not.toMatch(/Esplor|Explor/);
    }
    const pages = await database.rows<{
      locale: string;
      content: { hero: { image: unknown; cta: { label: string } }; sections: { kind: string }[] };
    }>(sql`select locale, content from pages where slug = 'home'`);
    expect(pages).toHaveLength(3);
    for (const p of pages) {
      expect(p.content.hero.cta.label).toBe(searchWords[p.locale]);
      expect(p.content.hero.image).toEqual({ table: "ca_objects", id: "1" });
      expect(p.content.sections.map((s) => s.kind)).toEqual(["records", "text", "stories", "mediaSample"]);
    }
    const summary = await database.rows<{ table_name: string }>(sql`select table_name from summary_config where role = ''`);
    expect(summary.map((s) => s.table_name).sort()).toEqual([...TABLES].sort());
  }, 120_000);
});

describe("demo site colours", () => {
  const lum = (hex: string) => {
    const c = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
  };
  const contrast = (a: string, b: string) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x! + 0.05) / (y! + 0.05);
  };
  it("meet WCAG AA", () => {
    expect(contrast(DEMO_COLORS.primary, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(DEMO_COLORS.primaryDark, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(DEMO_COLORS.primary, DEMO_COLORS.primaryLight)).toBeGreaterThanOrEqual(4.5);
  });
});

describe("demo prepared ahead of its load (first start)", () => {
  let database: Database | undefined;
  afterAll(async () => database?.close());

  it("draws each picture once into the image cache, and a worker derives them into the media store for the load", async () => {
    const cache = path.join(tmp, "image-cache");
    const opts = { records: 300, images: 6, imageCache: cache };
    const a = await generateDemo(path.join(tmp, "cache-a"), opts);
    const cached = fs.readdirSync(cache);
    expect(cached.filter((f) => f.endsWith(".jpg"))).toHaveLength(6); // the turntable's frames are drawn each time, quickly
    expect(cached.filter((f) => f.endsWith(".tmp"))).toEqual([]);
    // The next run copies the cached pictures rather than drawing them: a planted one comes back as planted.
    const planted = path.join(cache, cached[0]!);
    const drawn = fs.readFileSync(planted);
    fs.writeFileSync(planted, "planted");
    const b = await generateDemo(path.join(tmp, "cache-b"), opts);
    const files = (dir: string) =>
      fs
        .readdirSync(dir, { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".jpg"))
        .sort();
    expect(files(b.mediaDir)).toEqual(files(a.mediaDir));
    expect(files(b.mediaDir).filter((f) => fs.readFileSync(path.join(b.mediaDir, f), "utf8") === "planted")).toHaveLength(1);
    fs.writeFileSync(planted, drawn);

    const store = path.join(tmp, "ahead-store");
    const workDir = path.join(tmp, "ahead-work");
    const quiet = { info() {}, warn() {} };
    const prepared = prepareDemo({ workDir, mediaDir: store, logger: quiet, tty: false, ...opts });
    const ready = await prepared.result;
    for (const f of files(ready.mediaDir))
      expect(fs.readFileSync(path.join(ready.mediaDir, f)).equals(fs.readFileSync(path.join(a.mediaDir, f))), f).toBe(true);
    const thumbnails = fs.readdirSync(store, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith("-thumbnail.webp"));
    expect(thumbnails).toHaveLength(6 + 24); // the pictures and the turntable's frames
    // What the worker derived goes to the import by the files' names in the records (not decoded a second time).
    const pictures = files(ready.mediaDir).filter((f) => !f.startsWith(`${VIEWERS_DIR}${path.sep}`));
    expect([...ready.derived!.keys()].sort()).toEqual(pictures.map((f) => f.split(path.sep).join("/")));
    database = await openMemoryDatabase();
    expect(await ensureDemo({ database }, { mediaDir: store, workDir, logger: quiet, tty: false, prepared, ...opts })).toBe(true);
    const [row] = await database.rows<{ n: number; marker: number }>(sql`select (select count(*)::int from records) as n,
      (select count(*)::int from catalogue_loads where kind = 'demo' and state = 'complete') as marker`);
    expect(row).toEqual({ n: 300, marker: 1 });
    const media = await database.rows<{ thumbnail: string }>(
      sql`select thumbnail from media where media_type = 'image' and thumbnail like '%-thumbnail.webp'
        union all select f->>'thumbnail' from media, jsonb_array_elements(frames) f where media_type = 'sequence'`,
    );
    expect(new Set(media.map((m) => path.basename(m.thumbnail)))).toEqual(new Set(thumbnails.map((t) => path.basename(t))));
    const stored = await database.rows<{
      thumbnail: string;
      width: number;
      height: number;
      color: string;
    }>(sql`select distinct thumbnail, width, height,
      dominant_color as color from media where media_type = 'image' and thumbnail like '%-thumbnail.webp'`);
    const derived = new Map(
      [...ready.derived!.values()].map((d) => [d.thumbnail, { width: d.width, height: d.height, color: d.dominantColor }]),
    );
    for (const m of stored) expect({ width: m.width, height: m.height, color: m.color }).toEqual(derived.get(m.thumbnail));
    expect(fs.existsSync(workDir)).toBe(false);
  }, 120_000);
});
