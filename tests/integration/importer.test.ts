import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { importFile } from "../../app/features/catalogue/import.server";
import { search } from "../../app/features/search/search.server";
import { parseSearchParams } from "../../app/features/search/search-params";
import { anonymousViewer } from "../../app/.server/access";
import { testDatabases } from "../setup/db";
import { makeImage, makeRecord, tempDir, writeNdjson } from "../factories/records";

for (const target of testDatabases()) {
  describe(`importer on ${target.name}`, () => {
    let db: Awaited<ReturnType<typeof target.open>>;
    const dir = tempDir();
    const store = path.join(dir, "store");
    const count = async (table = "records") =>
      (await db.rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

    beforeAll(async () => {
      db = await target.open();
      await makeImage(dir, "wide.jpg", 1600, 900);
      await makeImage(dir, "tall.jpg", 600, 1200, "#334455");
    });
    afterAll(async () => {
      await db.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it("imports records with texts, tags, relations and media derivatives", async () => {
      const file = writeNdjson(dir, [
        makeRecord({
          id: "100",
          type: { id: 3, code: "foto", name: { it: "Fotografia", en: "Photograph" } },
          texts: {
            it: {
              label: "Veduta di Genova",
              summary: "Stampa all'albumina del porto.",
              metadata: [
                { code: "stima", label: "Stima", type: "quantityValue", value: { amount: 120000, currency: 11 } },
                { code: "scatto", label: "Scatto", type: "date", value: "1885-06-02" },
              ],
            },
            en: { label: "View of Genoa" },
          },
          date: { start: "1885", end: "1890" },
          tags: [{ id: "luoghi-genova", name: { it: "Genova" }, parents: [{ id: "luoghi", name: { it: "Luoghi" } }] }],
          relations: [{ type: "autore", table: "ca_entities", id: "7", label: { it: "autore" }, reverseLabel: { it: "autore di" } }],
          media: [
            { type: "image", file: "wide.jpg" },
            { type: "image", file: "tall.jpg", restricted: true },
          ],
        }),
        makeRecord({ table: "ca_entities", id: "7", texts: { it: { label: "Alfred Noack" } } }),
      ]);
      const res = await importFile({ database: db }, file, { mediaDir: dir, mediaStore: store });
      expect(res.rejected).toEqual([]);
      expect(res.imported).toBe(2);
      const [rec] = await db.rows<{ date_start: string; date_end: string; has_media: boolean }>(
        sql`select date_start::text, date_end::text, has_media from records where table_name = 'ca_objects' and id = '100'`,
      );
      expect(rec).toEqual({ date_start: "1885-01-01", date_end: "1890-12-31", has_media: true });
      const tags = await db.rows<{ id: string; path: string }>(sql`select id, path from tags order by id`);
      expect(tags).toEqual([
        { id: "luoghi", path: "luoghi" },
        { id: "luoghi-genova", path: "luoghi/luoghi-genova" },
      ]);
      const media = await db.rows<{ thumbnail: string; width: number; height: number }>(
        sql`select thumbnail, width, height from media order by ord`,
      );
      expect(media.map((m) => [m.width, m.height])).toEqual([
        [1600, 900],
        [600, 1200],
      ]);
      for (const m of media) expect(fs.existsSync(path.join(store, m.thumbnail))).toBe(true);
      const thumbMeta = await (await import("sharp")).default(path.join(store, media[0]!.thumbnail)).metadata();
      expect(thumbMeta.width).toBe(400);
      // the stored tsvector is accent-insensitive and weighted
      const hits = await db.rows<{ id: string }>(
        sql`select r.id from records r join record_texts t on t.record_uid = r.uid where t.tsv @@ to_tsquery(teca_ts_config('it'), 'albumina')`,
      );
      expect(hits.map((h) => h.id)).toEqual(["100"]);
    });

    it("is idempotent: a re-import updates in place and replaces dependent rows", async () => {
      const before = await count();
      const file = writeNdjson(
        dir,
        [makeRecord({ id: "100", texts: { it: { label: "Veduta del porto di Genova" } }, tags: [] })],
        "again.ndjson",
      );
      const res = await importFile({ database: db }, file, { mediaDir: dir, mediaStore: store });
      expect(res.imported).toBe(1);
      expect(await count()).toBe(before);
      const [t] = await db.rows<{ label: string }>(
        sql`select t.label from record_texts t join records r on r.uid = t.record_uid where r.id = '100' and t.locale = 'it'`,
      );
      expect(t!.label).toBe("Veduta del porto di Genova");
      expect(
        await db.rows(sql`select 1 from record_texts t join records r on r.uid = t.record_uid where r.id = '100' and t.locale = 'en'`),
      ).toHaveLength(0);
      expect(await db.rows(sql`select 1 from record_tags rt join records r on r.uid = rt.record_uid where r.id = '100'`)).toHaveLength(0);
    });

    it("names each field per language from the whole catalogue, and a re-import that changes a label renames it", async () => {
      const meta = (label: string, code = "lbl_tecnica") => [{ code, label, type: "text" as const, value: "olio" }];
      const labelsOf = async () =>
        await db.rows<{ code: string; locale: string; label: string }>(
          sql`select code, locale, label from field_labels where code like 'lbl%' order by code, locale`,
        );
      const res = await importFile(
        { database: db },
        writeNdjson(
          dir,
          [
            makeRecord({
              id: "lbl1",
              texts: { it: { label: "a", metadata: meta("Tecnica") }, fr: { label: "a", metadata: meta("Technique") } },
            }),
            makeRecord({
              id: "lbl2",
              texts: { it: { label: "b", metadata: meta("Tecnica") }, fr: { label: "b", metadata: meta("Technique") } },
            }),
            // A rarer label loses to the most frequent one; a tie goes to the first in byte order.
            makeRecord({
              id: "lbl3",
              texts: {
                fr: { label: "c", metadata: meta("Procédé") },
                en: { label: "c", metadata: [...meta("Technique"), ...meta("Medium")] },
              },
            }),
            // The Italian label again, in French, is no translation (the museum converter's ICCD fields).
            makeRecord({
              id: "lbl4",
              texts: {
                it: { label: "d", metadata: meta("Definizione", "lbl_ogtd") },
                fr: { label: "d", metadata: meta("Definizione", "lbl_ogtd") },
              },
            }),
          ],
          "labels.ndjson",
        ),
        { mediaDir: dir, mediaStore: store },
      );
      expect(res.imported).toBe(4);
      expect(await labelsOf()).toEqual([
        { code: "lbl_ogtd", locale: "it", label: "Definizione" },
        { code: "lbl_tecnica", locale: "en", label: "Medium" },
        { code: "lbl_tecnica", locale: "fr", label: "Technique" },
        { code: "lbl_tecnica", locale: "it", label: "Tecnica" },
      ]);
      const again = await importFile(
        { database: db },
        writeNdjson(
          dir,
          [
            makeRecord({
              id: "lbl1",
              texts: { it: { label: "a", metadata: meta("Tecnica") }, fr: { label: "a", metadata: meta("Technique d'exécution") } },
            }),
            makeRecord({
              id: "lbl2",
              texts: { it: { label: "b", metadata: meta("Tecnica") }, fr: { label: "b", metadata: meta("Technique d'exécution") } },
            }),
          ],
          "labels-again.ndjson",
        ),
        { mediaDir: dir, mediaStore: store },
      );
      expect(again.imported).toBe(2);
      expect((await labelsOf()).find((r) => r.code === "lbl_tecnica" && r.locale === "fr")?.label).toBe("Technique d'exécution");
    });

    it("takes the field names a file declares for the languages its records do not name the field in", async () => {
      const meta = (label: string, code: string) => [{ code, label, type: "text" as const, value: "oil" }];
      const labelsOf = async () =>
        await db.rows<{ code: string; locale: string; label: string }>(
          sql`select code, locale, label from field_labels where code like 'fn%' order by code, locale`,
        );
      const names = (fieldNames: Record<string, Record<string, string>>) => JSON.stringify({ fieldNames });
      const res = await importFile(
        { database: db },
        writeNdjson(
          dir,
          [
            names({ fn_medium: { it: "Tecnica", en: "Medium (declared)", fr: "Technique" }, fn_unused: { fr: "Inutilisé" } }),
            // English only: French and Italian pages would have shown "Medium"
            makeRecord({ id: "fn1", texts: { en: { label: "a", metadata: meta("Medium", "fn_medium") } } }),
            // the catalogue's own French name of a field wins over a declared one
            makeRecord({ id: "fn2", texts: { fr: { label: "b", metadata: meta("Procédé", "fn_process") } } }),
            names({ fn_process: { fr: "Processus", it: "Procedimento" } }),
          ],
          "names.ndjson",
        ),
        { mediaDir: dir, mediaStore: store },
      );
      expect(res.rejected).toEqual([]);
      expect(res.imported).toBe(2);
      expect(await labelsOf()).toEqual([
        { code: "fn_medium", locale: "en", label: "Medium" },
        { code: "fn_medium", locale: "fr", label: "Technique" },
        { code: "fn_medium", locale: "it", label: "Tecnica" },
        { code: "fn_process", locale: "fr", label: "Procédé" },
        { code: "fn_process", locale: "it", label: "Procedimento" },
        { code: "fn_unused", locale: "fr", label: "Inutilisé" },
      ]);
      // a later file naming the field again renames it, with or without records
      const again = await importFile(
        { database: db },
        writeNdjson(dir, [names({ fn_medium: { fr: "Technique d'exécution" } })], "names-again.ndjson"),
        {
          mediaDir: dir,
          mediaStore: store,
        },
      );
      expect(again.rejected).toEqual([]);
      expect((await labelsOf()).find((r) => r.code === "fn_medium" && r.locale === "fr")?.label).toBe("Technique d'exécution");
      // a malformed field-name line is rejected like a malformed record, and nothing is written
      const bad = await importFile(
        { database: db },
        writeNdjson(
          dir,
          [
            names({ fn_medium: { fr: "Autre" } }),
            names({ fn_medium: { xx: "?" } }),
            names({ "fn bad": { fr: "?" } }),
            JSON.stringify({ fieldNames: { fn_medium: { fr: "x".repeat(201) } } }),
            JSON.stringify({ fieldNames: {}, extra: 1 }),
          ],
          "names-bad.ndjson",
        ),
        { mediaDir: dir, mediaStore: store },
      );
      expect(bad.rejected.map((r) => r.line)).toEqual([2, 3, 4, 5]);
      expect(bad.rejected[0]!.reason).toMatch(/^fieldNames\.fn_medium: Unrecognized key: "xx"/);
      expect(bad.rejected[1]!.reason).toMatch(/^fieldNames\.fn bad/);
      expect(bad.rejected[2]!.reason).toMatch(/^fieldNames\.fn_medium\.fr/);
      expect(bad.rejected[3]!.reason).toMatch(/extra|unrecognized/i);
      expect((await labelsOf()).find((r) => r.code === "fn_medium" && r.locale === "fr")?.label).toBe("Technique d'exécution");
    });

    it("rejects malformed lines with line numbers and writes nothing", async () => {
      const before = await count();
      const file = writeNdjson(
        dir,
        [
          makeRecord({ id: "200" }),
          "{ not json",
          JSON.stringify({ ...makeRecord({ id: "201" }), access: 7 }),
          JSON.stringify(makeRecord({ id: "202", media: [{ type: "image", file: "../../etc/passwd" }] })),
          JSON.stringify(makeRecord({ id: "203", media: [{ type: "image", file: "missing.jpg" }] })),
          JSON.stringify(makeRecord({ id: "200" })),
          JSON.stringify({
            ...makeRecord({ id: "204" }),
            texts: { it: { label: "x", metadata: [{ code: "p", label: "P", type: "quantityValue", value: { amount: 1, currency: 4 } }] } },
          }),
        ],
        "bad.ndjson",
      );
      const res = await importFile({ database: db }, file, { mediaDir: dir, mediaStore: store });
      expect(res.imported).toBe(0);
      expect(res.rejected.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7]);
      expect(res.rejected[0]!.reason).toMatch(/invalid JSON/);
      expect(res.rejected[1]!.reason).toMatch(/^access/);
      expect(res.rejected[2]!.reason).toMatch(/media\.0\.file/);
      expect(res.rejected[3]!.reason).toMatch(/media file not found/);
      expect(res.rejected[4]!.reason).toMatch(/duplicate record ca_objects\/200 \(first on line 1\)/);
      expect(res.rejected[5]!.reason).toMatch(/currency/);
      expect(await count()).toBe(before);
    });

    it("with skipInvalid imports the valid lines", async () => {
      const before = await count();
      const file = writeNdjson(dir, [makeRecord({ id: "300" }), "[]", makeRecord({ id: "301" })], "skip.ndjson");
      const res = await importFile({ database: db }, file, { mediaDir: dir, mediaStore: store, skipInvalid: true });
      expect(res.imported).toBe(2);
      expect(res.rejected).toHaveLength(1);
      expect(await count()).toBe(before + 2);
    });

    it("a batch that fails rolls the whole import back: the catalogue is as it was before it", async () => {
      const before = await count();
      await db.rows(sql`create or replace function teca_test_boom() returns trigger language plpgsql as $$
        begin if new.id = 'boom' then raise exception 'boom refused'; end if; return new; end $$`);
      await db.rows(sql`create trigger teca_test_boom before insert on records for each row execute function teca_test_boom()`);
      try {
        const lines = [makeRecord({ id: "400" }), makeRecord({ id: "401" }), makeRecord({ id: "402" }), makeRecord({ id: "boom" })];
        const res = await importFile({ database: db }, writeNdjson(dir, lines, "boom.ndjson"), {
          mediaDir: dir,
          mediaStore: store,
          batchSize: 2,
        });
        expect(res.failed).toMatchObject({ batch: 2, firstLine: 3 });
        expect(res.failed!.reason).toMatch(/boom refused|Failed query/);
        expect(res.imported).toBe(0);
        expect(await count()).toBe(before);
        expect(await db.rows(sql`select 1 from records where id in ('400', '401', '402')`)).toHaveLength(0);
        expect(
          await db.rows(sql`select 1 from search_docs d join records r on r.uid = d.record_uid where r.id in ('400', '401')`),
        ).toHaveLength(0);
      } finally {
        await db.rows(sql`drop trigger teca_test_boom on records`);
      }
    });

    it("copies local documents into the media store and keeps remote images as they are", async () => {
      fs.writeFileSync(path.join(dir, "doc.pdf"), "%PDF-1.4\n%%EOF\n");
      const file = writeNdjson(
        dir,
        [
          makeRecord({
            id: "500",
            media: [
              { type: "application", file: "doc.pdf", mime: "application/pdf" },
              { type: "image", url: "https://images.example.org/a.jpg" },
            ],
          }),
        ],
        "docs.ndjson",
      );
      const res = await importFile({ database: db }, file, { mediaDir: dir, mediaStore: store });
      expect(res.imported).toBe(1);
      const rows = await db.rows<{ media_type: string; original: string; thumbnail: string | null }>(
        sql`select m.media_type, m.original, m.thumbnail from media m join records r on r.uid = m.record_uid where r.id = '500' order by m.ord`,
      );
      expect(rows[0]!.media_type).toBe("application");
      expect(rows[0]!.thumbnail).toBeNull();
      expect(fs.readFileSync(path.join(store, rows[0]!.original), "utf8")).toContain("%PDF");
      expect(rows[1]).toEqual({
        media_type: "image",
        original: "https://images.example.org/a.jpg",
        thumbnail: "https://images.example.org/a.jpg",
      });
    });

    it("imports a 360° sequence given as a list of frames or as a folder, each frame derived as an image", async () => {
      const frames = path.join(dir, "spin");
      fs.mkdirSync(frames, { recursive: true });
      // Names sort as numbers in a folder: 2 before 10.
      for (let i = 1; i <= 12; i++) await makeImage(frames, `${i}.jpg`, 320, 240, `#${(i * 20).toString(16).padStart(2, "0")}4060`);
      const list = Array.from({ length: 12 }, (_, i) => `spin/${i + 1}.jpg`);
      const res = await importFile(
        { database: db },
        writeNdjson(
          dir,
          [
            makeRecord({ id: "600", media: [{ type: "sequence", frames: list, title: { it: "Vista a 360°" } }] }),
            makeRecord({ id: "601", media: [{ type: "sequence", file: "spin", frameCount: 12 }] }),
          ],
          "sequence.ndjson",
        ),
        { mediaDir: dir, mediaStore: store },
      );
      expect(res.rejected).toEqual([]);
      expect(res.imported).toBe(2);
      const rows = await db.rows<{
        id: string;
        media_type: string;
        thumbnail: string;
        medium: string;
        width: number;
        frames: { original: string; thumbnail: string; medium: string; large: string }[];
      }>(sql`select r.id, m.media_type, m.thumbnail, m.medium, m.width, m.frames from media m join records r on r.uid = m.record_uid
        where r.id in ('600', '601') order by r.id`);
      expect(rows.map((r) => [r.media_type, r.frames.length, r.width])).toEqual([
        ["sequence", 12, 320],
        ["sequence", 12, 320],
      ]);
      // The same frames in the same order either way; the row shows the first frame.
      expect(rows[1]!.frames).toEqual(rows[0]!.frames);
      expect(rows[0]!.thumbnail).toBe(rows[0]!.frames[0]!.thumbnail);
      const originals = rows[0]!.frames.map((f) => f.original);
      expect(new Set(originals).size).toBe(12);
      for (const [i, f] of rows[0]!.frames.entries()) {
        expect(fs.readFileSync(path.join(store, f.original)).equals(fs.readFileSync(path.join(dir, list[i]!))), list[i]).toBe(true);
        expect(fs.existsSync(path.join(store, f.thumbnail)), f.thumbnail).toBe(true);
      }
    });

    it("rejects a sequence with too few or too many frames, a frame that is not an image, or a folder that disagrees with its count", async () => {
      const before = await count();
      fs.mkdirSync(path.join(dir, "spin-bad"), { recursive: true });
      for (let i = 1; i <= 8; i++) await makeImage(path.join(dir, "spin-bad"), `f${i}.jpg`, 64, 48);
      fs.writeFileSync(path.join(dir, "spin-bad", "f9.jpg"), "not a picture at all, only text\n");
      const frames = (n: number) => Array.from({ length: n }, () => "wide.jpg");
      const file = writeNdjson(
        dir,
        [
          makeRecord({ id: "610", media: [{ type: "sequence", frames: frames(3) }] }),
          makeRecord({ id: "611", media: [{ type: "sequence", frames: frames(361) }] }),
          makeRecord({ id: "612", media: [{ type: "sequence", frames: [...frames(7), "spin-bad/f9.jpg"] }] }),
          makeRecord({ id: "613", media: [{ type: "sequence", file: "spin-bad" }] }),
          makeRecord({ id: "614", media: [{ type: "sequence", file: "spin", frameCount: 24 }] }),
          makeRecord({ id: "615", media: [{ type: "sequence", url: "https://example.org/spin/" }] }),
          makeRecord({
            id: "616",
            media: [
              { type: "image", file: "wide.jpg" },
              { type: "sequence", frames: [...frames(7), "nowhere.jpg"] },
            ],
          }),
          makeRecord({ id: "617", media: [{ type: "sequence", file: "wide.jpg" }] }),
        ],
        "bad-sequence.ndjson",
      );
      const res = await importFile({ database: db }, file, { mediaDir: dir, mediaStore: store });
      expect(res.imported).toBe(0);
      expect(res.rejected.map((r) => [r.line, r.reason])).toEqual([
        [1, "media.0.frames: a sequence has 8 to 360 frames"],
        [2, "media.0.frames: a sequence has 8 to 360 frames"],
        [
          3,
          "media.0: frame spin-bad/f9.jpg is not an image (its content is not a known format; frames are JPEG, PNG, WebP, TIFF, GIF or AVIF)",
        ],
        [
          4,
          "media.0: frame spin-bad/f9.jpg is not an image (its content is not a known format; frames are JPEG, PNG, WebP, TIFF, GIF or AVIF)",
        ],
        [5, "media.0: the folder spin holds 12 files, frameCount says 24"],
        [6, "media.0: a sequence gives its frames (a list of files) or a folder of them (file), not a url"],
        [7, `media.1: frame not found: ${path.join(dir, "nowhere.jpg")}`],
        [8, "media.0: file wide.jpg is not a folder of frames (or give frames, a list of files)"],
      ]);
      expect(await count()).toBe(before);
    });

    const findIds = async (qs: string) => {
      const p = parseSearchParams(new URLSearchParams(qs));
      if (!p.ok) throw new Error(p.error.message);
      return (await search({ database: db, viewer: anonymousViewer(), locale: "it" }, p.params)).data.map((d) => d.id).sort();
    };
    const tagOf = (id: string, parents: string[] = []) => ({
      id,
      name: { it: id.toUpperCase() },
      parents: parents.map((p) => ({ id: p, name: { it: p.toUpperCase() } })),
    });
    const tagRows = (ids: string[]) =>
      db.rows<{ id: string; parent_id: string | null; path: string; depth: number }>(
        sql`select id, parent_id, path, depth from tags where id = any(${`{${ids.join(",")}}`}::text[]) order by id`,
      );
    const recordTags = async (id: string) => {
      const [r] = await db.rows<{ tag_ids: string[] }>(sql`select tag_ids from records where table_name = 'ca_objects' and id = ${id}`);
      const links = await db.rows<{ tag_id: string; inherited: boolean }>(
        sql`select rt.tag_id, rt.inherited from record_tags rt join records r on r.uid = rt.record_uid where r.id = ${id} order by rt.tag_id`,
      );
      const docs = await db.rows<{
        locale: string;
        ids: string[];
      }>(sql`select d.locale, array(select t.id from tags t where t.num = any(d.tag_nums) order by t.id) as ids
        from search_docs d join records r on r.uid = d.record_uid where r.table_name = 'ca_objects' and r.id = ${id} order by d.locale`);
      return { tagIds: r!.tag_ids, links: links.map((l) => `${l.tag_id}${l.inherited ? " (inherited)" : ""}`), docs };
    };

    it("moves a tag's descendants and the records below it when a later import gives the tag a new parent", async () => {
      await importFile(
        { database: db },
        writeNdjson(
          dir,
          [makeRecord({ id: "mv1", tags: [tagOf("mv-c", ["mv-a", "mv-b"])] }), makeRecord({ id: "mv2", tags: [tagOf("mv-b", ["mv-a"])] })],
          "move1.ndjson",
        ),
        { mediaStore: store },
      );
      expect(await findIds("filtro=mv-a")).toEqual(["mv1", "mv2"]);
      // Another record moves b under x; mv1 and mv2 are not in this import.
      const res = await importFile(
        { database: db },
        writeNdjson(dir, [makeRecord({ id: "mv3", tags: [tagOf("mv-b", ["mv-x"])] })], "move2.ndjson"),
        {
          mediaStore: store,
        },
      );
      expect(res.imported).toBe(1);
      expect(await tagRows(["mv-a", "mv-b", "mv-c", "mv-x"])).toEqual([
        { id: "mv-a", parent_id: null, path: "mv-a", depth: 0 },
        { id: "mv-b", parent_id: "mv-x", path: "mv-x/mv-b", depth: 1 },
        { id: "mv-c", parent_id: "mv-b", path: "mv-x/mv-b/mv-c", depth: 2 },
        { id: "mv-x", parent_id: null, path: "mv-x", depth: 0 },
      ]);
      const mv1 = await recordTags("mv1");
      expect(mv1.tagIds).toEqual(["mv-b", "mv-c", "mv-x"]);
      expect(mv1.links).toEqual(["mv-b (inherited)", "mv-c", "mv-x (inherited)"]);
      expect(mv1.docs).toEqual(["en", "fr", "it"].map((locale) => ({ locale, ids: ["mv-b", "mv-c", "mv-x"] })));
      expect((await recordTags("mv2")).tagIds).toEqual(["mv-b", "mv-x"]);
      expect(await findIds("filtro=mv-x")).toEqual(["mv1", "mv2", "mv3"]);
      expect(await findIds("filtro=mv-a")).toEqual([]);
      expect(await findIds("filtro=mv-c")).toEqual(["mv1"]);
    });

    it("follows the tag's last placement when one import places it twice, and adds up its names", async () => {
      // mv4 repeats b's old chain (a/b) for c, mv5 then puts b under y: c goes with b, whatever line 1 says.
      await importFile(
        { database: db },
        writeNdjson(
          dir,
          [
            makeRecord({ id: "mv4", tags: [tagOf("mv-c", ["mv-a", "mv-b"]), { id: "mv-n", name: { it: "Nome" }, parents: [] }] }),
            makeRecord({ id: "mv5", tags: [tagOf("mv-b", ["mv-y"]), { id: "mv-n", name: { en: "Name", fr: "Nom" }, parents: [] }] }),
          ],
          "move3.ndjson",
        ),
        { mediaStore: store },
      );
      expect(await tagRows(["mv-b", "mv-c"])).toEqual([
        { id: "mv-b", parent_id: "mv-y", path: "mv-y/mv-b", depth: 1 },
        { id: "mv-c", parent_id: "mv-b", path: "mv-y/mv-b/mv-c", depth: 2 },
      ]);
      for (const id of ["mv1", "mv4"])
        expect((await recordTags(id)).tagIds).toEqual(["mv-b", "mv-c", "mv-y"].concat(id === "mv4" ? ["mv-n"] : []).sort());
      expect(await findIds("filtro=mv-y")).toEqual(["mv1", "mv2", "mv3", "mv4", "mv5"]);
      expect(await findIds("filtro=mv-x")).toEqual([]);
      const [n] = await db.rows<{ names: Record<string, string> }>(sql`select names from tags where id = 'mv-n'`);
      expect(n!.names).toEqual({ it: "Nome", en: "Name", fr: "Nom" });
    });

    it("vacuums the search tables after an import on PGlite, which has no autovacuum", async () => {
      const vacuums = async () =>
        Object.fromEntries(
          (
            await db.rows<{ relname: string; n: number }>(sql`select relname, vacuum_count::int as n from pg_stat_user_tables
          where relname in ('search_docs_it', 'search_texts_fr', 'records', 'record_texts')`)
          ).map((r) => [r.relname, r.n]),
        );
      const before = await vacuums();
      await importFile({ database: db }, writeNdjson(dir, [makeRecord({ id: "vac1" })], "vacuum.ndjson"), { mediaStore: store });
      const after = await vacuums();
      expect(Object.keys(after).sort()).toEqual(["record_texts", "records", "search_docs_it", "search_texts_fr"]);
      for (const [table, n] of Object.entries(after)) expect(n - (before[table] ?? 0), table).toBe(target.name === "pglite" ? 1 : 0);
    });

    it("computes parent paths, whatever the order of parent and child", async () => {
      const file = writeNdjson(
        dir,
        [
          makeRecord({ table: "ca_collections", id: "c3", parent: "c2" }),
          makeRecord({ table: "ca_collections", id: "c2", parent: "c1" }),
          makeRecord({ table: "ca_collections", id: "c1" }),
        ],
        "tree.ndjson",
      );
      await importFile({ database: db }, file, { mediaStore: store });
      const rows = await db.rows<{ id: string; parent_path: string | null }>(
        sql`select id, parent_path from records where table_name = 'ca_collections' order by id`,
      );
      expect(rows).toEqual([
        { id: "c1", parent_path: null },
        { id: "c2", parent_path: "c1" },
        { id: "c3", parent_path: "c1/c2" },
      ]);
    });
  });
}
