import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { normalize } from "@iiif/parser";
import { presentation3StrictUpgrade } from "@iiif/parser/strict";
import { importFile } from "../../app/features/catalogue/import.server";
import { createUser } from "../../app/features/accounts/accounts.server";
import { createSession } from "../../app/.server/session";
import { imageIdOf, tilesStore } from "../../app/.server/iiif-tiles";
import { catalogueChanged } from "../../app/.server/caches";
import { rightsUri } from "../../app/features/iiif/iiif.server";
import { testDatabases } from "../setup/db";
import { startTestServer } from "../setup/app";
import { makeImage, makeRecord, tempDir, writeNdjson } from "../factories/records";

type Json = Record<string, any>;

/** A manifest or collection parsed by a IIIF client no one here wrote: normalized, and strictly checked. */
function parseIiif(doc: Json) {
  const normalized = normalize(structuredClone(doc));
  expect(normalized.resource).toEqual({ id: doc.id, type: doc.type });
  if (doc.type === "Manifest") {
    const state = { warnings: [] as string[] };
    presentation3StrictUpgrade(structuredClone(doc) as never, state);
    expect(state.warnings).toEqual([]);
  }
  return normalized.entities as Record<string, Record<string, Json>>;
}

/**
 * IIIF (issue 14 §1, decision 053): Image API level 0 tiles, Presentation 3 manifests and search collections,
 * open to every origin, and never a word of what a visitor may not see.
 */
for (const target of testDatabases()) {
  describe(`IIIF on ${target.name}`, () => {
    let db: Awaited<ReturnType<typeof target.open>>;
    let server: Awaited<ReturnType<typeof startTestServer>>;
    const dir = tempDir();
    const store = path.join(dir, "store");
    let managerCookie = "";
    const ids: Record<string, string> = {};

    const imageId = async (recordId: string, restricted = false) => {
      const [row] = await db.rows<{ original: string }>(sql`select m.original from media m join records r on r.uid = m.record_uid
        where r.id = ${recordId} and m.restricted = ${restricted} order by m.ord limit 1`);
      return imageIdOf(row!.original)!;
    };
    const json = async (url: string, init?: RequestInit) => {
      const res = await server.fetch(url, init);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("access-control-allow-origin"), url).toBe("*");
      return (await res.json()) as Json;
    };

    beforeAll(async () => {
      db = await target.open();
      await makeImage(dir, "public.jpg", 2400, 1600, "#a0522d");
      await makeImage(dir, "secret.jpg", 1800, 1200, "#000000");
      await makeImage(dir, "res2.jpg", 1200, 900, "#225588");
      await makeImage(dir, "p1.jpg", 800, 1200, "#aa8844");
      await makeImage(dir, "p2.jpg", 800, 1200, "#4488aa");
      await makeImage(dir, "p3.jpg", 800, 1200, "#884444");
      await importFile(
        { database: db },
        writeNdjson(dir, [
          makeRecord({
            id: "pub",
            texts: {
              it: {
                label: "Veduta del porto",
                summary: "Una veduta.",
                metadata: [{ code: "tecnica", label: "Tecnica", type: "text", value: "Olio su tela" }],
              },
              en: {
                label: "View of the harbour",
                metadata: [{ code: "tecnica", label: "Technique", type: "text", value: "Oil on canvas" }],
              },
              fr: { label: "Vue du port" },
            },
            date: { start: "1890", end: "1895" },
            source: { license: "CC BY 4.0", attribution: "Fondazione di prova" },
            media: [
              { type: "image", file: "public.jpg", title: { it: "Recto" } },
              { type: "image", file: "secret.jpg", restricted: true },
            ],
          }),
          makeRecord({ id: "res2", access: 2, texts: { it: { label: "Riservato" } }, media: [{ type: "image", file: "res2.jpg" }] }),
          makeRecord({ id: "book", texts: { it: { label: "Album di fotografie" }, en: { label: "Photograph album" } } }),
          makeRecord({
            id: "book-2",
            parent: "book",
            order: 2,
            texts: { it: { label: "Pagina due" } },
            media: [{ type: "image", file: "p2.jpg" }],
          }),
          makeRecord({
            id: "book-1",
            parent: "book",
            order: 1,
            texts: { it: { label: "Pagina uno" } },
            media: [{ type: "image", file: "p1.jpg" }],
          }),
          makeRecord({
            id: "book-3",
            parent: "book",
            order: 3,
            access: 3,
            texts: { it: { label: "Pagina segreta" } },
            media: [{ type: "image", file: "p3.jpg" }],
          }),
          makeRecord({
            id: "remote",
            texts: { it: { label: "Remota" } },
            media: [{ type: "image", url: "https://images.example.org/a.jpg" }],
          }),
        ]),
        { mediaDir: dir, mediaStore: store },
      );
      for (const [k, r] of [
        ["pub", "pub"],
        ["res2", "res2"],
        ["p1", "book-1"],
        ["p2", "book-2"],
        ["p3", "book-3"],
      ] as const)
        ids[k] = await imageId(r);
      ids.secret = await imageId("pub", true);
      const manager = await createUser({ database: db }, { email: "m@example.org", roles: ["Manager"] }, { userId: null, address: "test" });
      managerCookie = `teca_session=${(await createSession(db, manager.id, { userAgent: "test", address: "127.0.0.1" })).token}`;
      server = await startTestServer(db, store);
    });
    afterAll(async () => {
      await server?.close();
      await db.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it("the import tiles the public images only", () => {
      for (const k of ["pub", "p1", "p2"]) expect(fs.existsSync(path.join(tilesStore(store), ids[k]!, "info.json")), k).toBe(true);
      for (const k of ["secret", "res2", "p3"]) expect(fs.existsSync(path.join(tilesStore(store), ids[k]!)), k).toBe(false);
    });

    it("info.json answers with the public base URL, and a tile it lists is an immutable JPEG open to every origin", async () => {
      const info = await json(`/iiif/3/${ids.pub}/info.json`);
      expect(info).toMatchObject({
        "@context": "http://iiif.io/api/image/3/context.json",
        id: `${server.base}/iiif/3/${ids.pub}`,
        type: "ImageService3",
        protocol: "http://iiif.io/api/image",
        profile: "level0",
        width: 2400,
        height: 1600,
      });
      const tile = info.tiles[0] as { width: number; scaleFactors: number[] };
      expect(tile.width).toBe(512);
      expect(tile.scaleFactors).toContain(1);
      const res = await server.fetch(`/iiif/3/${ids.pub}/0,0,512,512/512,512/0/default.jpg`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
      expect(res.headers.get("cache-control")).toContain("immutable");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 2).toString("hex")).toBe("ffd8");
      // The whole image at the smallest scale, as a client asks for a thumbnail.
      const smallest = Math.max(...tile.scaleFactors);
      const w = Math.ceil(2400 / smallest);
      const h = Math.ceil(1600 / smallest);
      expect((await server.fetch(`/iiif/3/${ids.pub}/full/${w},${h}/0/default.jpg`)).status).toBe(200);
      // The image's base URI leads to its description.
      const base = await server.fetch(`/iiif/3/${ids.pub}`);
      expect(base.status).toBe(303);
      expect(base.headers.get("location")).toBe(`${server.base}/iiif/3/${ids.pub}/info.json`);
    });

    it("a restricted image, an image of an access-2 or 3 record, an unknown id or path: 404 for everyone, tiles never reachable under /media", async () => {
      for (const k of ["secret", "res2", "p3"]) {
        for (const cookie of [undefined, managerCookie]) {
          const headers: Record<string, string> = cookie ? { cookie } : {};
          const info = await server.fetch(`/iiif/3/${ids[k]}/info.json`, { headers });
          expect(info.status, `${k} ${cookie ? "manager" : "visitor"}`).toBe(404);
          expect(info.headers.get("access-control-allow-origin")).toBe("*");
          expect((await server.fetch(`/iiif/3/${ids[k]}/0,0,512,512/512,512/0/default.jpg`, { headers })).status).toBe(404);
        }
        // Not even made on request.
        expect(fs.existsSync(path.join(tilesStore(store), ids[k]!))).toBe(false);
      }
      for (const bad of [
        "/iiif/3/0123456789abcdef0123456789abcdef/info.json",
        "/iiif/3/../media/info.json",
        `/iiif/3/${ids.pub}%2f..%2f${ids.pub}/info.json`,
        `/iiif/3/${ids.pub}/full%2f..%2f..%2finfo.json`,
        `/iiif/3/${ids.pub}/info.json.bak`,
        `/iiif/3/${ids.pub}/full/max/0/default.png`,
      ])
        expect((await server.fetch(bad)).status, bad).toBe(404);
      expect((await server.fetch(`/media/.iiif/${ids.pub}/info.json`)).status).toBe(404);
    });

    it("a public image without tiles (imported before them) is tiled on its first request", async () => {
      fs.rmSync(path.join(tilesStore(store), ids.p2!), { recursive: true, force: true });
      const info = await json(`/iiif/3/${ids.p2}/info.json`);
      expect(info).toMatchObject({ width: 800, height: 1200 });
      expect(fs.existsSync(path.join(tilesStore(store), ids.p2!, "info.json"))).toBe(true);
    });

    it("requests arriving together for untiled images all get their answer: the same image is tiled once, another waits its turn", async () => {
      for (const k of ["pub", "p1", "p2"]) fs.rmSync(path.join(tilesStore(store), ids[k]!), { recursive: true, force: true });
      // A viewer asks for info.json and tiles at once; another visitor opens another image meanwhile.
      const urls = [
        `/iiif/3/${ids.p1}/info.json`,
        `/iiif/3/${ids.p1}/info.json`,
        `/iiif/3/${ids.p1}/0,0,512,512/512,512/0/default.jpg`,
        `/iiif/3/${ids.p2}/info.json`,
        `/iiif/3/${ids.pub}/info.json`,
      ];
      const answers = await Promise.all(urls.map((u) => server.fetch(u)));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      for (const k of ["pub", "p1", "p2"]) expect(fs.existsSync(path.join(tilesStore(store), ids[k]!, "info.json")), k).toBe(true);
    });

    it("a record's manifest: languages, rights, attribution, links, its visible images only, parsed by @iiif/parser", async () => {
      const res = await server.fetch("/iiif/manifest/oggetti/pub", { headers: { accept: "application/ld+json" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain('application/ld+json;profile="http://iiif.io/api/presentation/3/context.json"');
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      const text = await res.text();
      expect(text).not.toContain(ids.secret!);
      const m = JSON.parse(text) as Json;
      const entities = parseIiif(m);
      expect(Object.keys(entities.Canvas!)).toHaveLength(1);
      expect(m.id).toBe(`${server.base}/iiif/manifest/oggetti/pub`);
      expect(m.label).toEqual({ it: ["Veduta del porto"], en: ["View of the harbour"], fr: ["Vue du port"] });
      expect(m.summary).toEqual({ it: ["Una veduta."] });
      expect(m.rights).toBe("http://creativecommons.org/licenses/by/4.0/");
      expect(m.requiredStatement.value).toEqual({ none: ["Fondazione di prova"] });
      expect(m.requiredStatement.label.en).toEqual(["Attribution"]);
      expect(m.metadata).toContainEqual({
        label: { it: ["Tecnica"], en: ["Technique"] },
        value: { it: ["Olio su tela"], en: ["Oil on canvas"] },
      });
      const dates = (m.metadata as Json[]).find((e) => e.label.en?.[0] === "Date");
      expect(dates?.value.it[0]).toContain("1890");
      expect(m.homepage.map((h: Json) => h.id)).toEqual([
        `${server.base}/oggetti/pub/veduta-del-porto`,
        `${server.base}/en/oggetti/pub/view-of-the-harbour`,
        `${server.base}/fr/oggetti/pub/vue-du-port`,
      ]);
      expect(m.seeAlso[0]).toMatchObject({
        id: `${server.base}/api/public/records/ca_objects/pub`,
        type: "Dataset",
        format: "application/json",
      });
      const canvas = m.items[0];
      expect(canvas).toMatchObject({ type: "Canvas", width: 2400, height: 1600, label: { it: ["Recto"] } });
      const body = canvas.items[0].items[0].body;
      expect(body.service[0]).toEqual({ id: `${server.base}/iiif/3/${ids.pub}`, type: "ImageService3", profile: "level0" });
      // Every address it gives answers.
      expect((await server.fetch(new URL(body.id).pathname)).status).toBe(200);
      expect((await server.fetch(new URL(m.thumbnail[0].id).pathname)).status).toBe(200);
      const info = await json(`${new URL(body.service[0].id).pathname}/info.json`);
      expect(info.id).toBe(body.service[0].id);
      expect((await server.fetch(new URL(m.seeAlso[0].id).pathname)).status).toBe(200);
    });

    it("a manager's manifest holds the restricted image too, without a public image service, and is never cached", async () => {
      const res = await server.fetch("/iiif/manifest/oggetti/pub", { headers: { cookie: managerCookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toMatch(/private/);
      const m = (await res.json()) as Json;
      parseIiif(m);
      expect(m.items).toHaveLength(2);
      expect(m.items[1].items[0].items[0].body.service).toBeUndefined();
    });

    it("a record the viewer may not see, an unknown one, or one without an image to show: 404 with CORS", async () => {
      for (const url of [
        "/iiif/manifest/oggetti/res2",
        "/iiif/manifest/oggetti/book-3",
        "/iiif/manifest/oggetti/nope",
        "/iiif/manifest/oggetti/remote",
        "/iiif/manifest/tavola/pub",
        "/iiif/manifest/oggetti/..%2Fx",
      ]) {
        const res = await server.fetch(url);
        expect(res.status, url).toBe(404);
        expect(res.headers.get("access-control-allow-origin")).toBe("*");
      }
      const m = await json("/iiif/manifest/oggetti/res2", { headers: { cookie: managerCookie } });
      expect(m.items).toHaveLength(1);
      // The raw table name is accepted too.
      expect((await json("/iiif/manifest/ca_objects/pub")).id).toBe(`${server.base}/iiif/manifest/oggetti/pub`);
    });

    it("a book's manifest: its children's pages in their order, the hidden child left out", async () => {
      const m = await json("/iiif/manifest/oggetti/book");
      parseIiif(m);
      expect(m.items.map((c: Json) => c.label.it[0])).toEqual(["Pagina uno", "Pagina due"]);
      expect(JSON.stringify(m)).not.toContain(ids.p3!);
      expect(m.items[0].homepage[0].id).toBe(`${server.base}/oggetti/book-1/pagina-uno`);
    });

    it("a search's results as IIIF collections: pages of manifest references, filtered like the search", async () => {
      const top = await json("/iiif/collection/search?table=ca_objects");
      parseIiif(top);
      expect(top.type).toBe("Collection");
      expect(top.items).toHaveLength(1);
      expect(top.items[0]).toMatchObject({ type: "Collection", id: `${server.base}/iiif/collection/search?table=ca_objects&page=1` });
      const page = await json(new URL(top.items[0].id).pathname + new URL(top.items[0].id).search);
      const entities = parseIiif(page);
      expect(page.partOf[0].id).toBe(top.id);
      const manifests = Object.keys(entities.Manifest!).sort();
      // Records with images (by default); the hidden page and the remote image are not there.
      expect(manifests).toEqual(["book-1", "book-2", "pub"].map((id) => `${server.base}/iiif/manifest/oggetti/${id}`));
      // With every record, those whose pages are their children's too.
      const all = await json("/iiif/collection/search?table=ca_objects&media=all&page=1");
      expect(all.items.map((i: Json) => i.id.split("/").pop()).sort()).toEqual(["book", "book-1", "book-2", "pub"]);
      // Every item is a manifest that exists.
      for (const id of manifests) expect((await server.fetch(new URL(id).pathname)).status, id).toBe(200);
      const words = await json("/iiif/collection/search?q=porto&page=1&locale=en");
      expect(words.items.map((i: Json) => i.label)).toEqual([{ en: ["View of the harbour"] }]);
      expect(words.label.en[0]).toContain("porto");
      const bad = await server.fetch("/iiif/collection/search?nonsense=1");
      expect(bad.status).toBe(400);
      expect(bad.headers.get("access-control-allow-origin")).toBe("*");
    });

    it("a manifest follows the catalogue: a record made restricted loses its manifest and its tiles", async () => {
      await db.rows(sql`update records set access = 2 where id = 'book-1'`);
      catalogueChanged(db);
      try {
        const m = await json("/iiif/manifest/oggetti/book");
        expect(m.items.map((c: Json) => c.label.it[0])).toEqual(["Pagina due"]);
        expect((await server.fetch(`/iiif/3/${ids.p1}/info.json`)).status).toBe(404);
      } finally {
        await db.rows(sql`update records set access = 1 where id = 'book-1'`);
        catalogueChanged(db);
      }
      expect((await server.fetch(`/iiif/3/${ids.p1}/info.json`)).status).toBe(200);
    });

    it("the record page links its manifest for IIIF viewers, and the page-turner shows a book's pages in three languages", async () => {
      const page = await server.fetch("/oggetti/pub/veduta-del-porto");
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(
        `href="/iiif/manifest/oggetti/pub?manifest=${encodeURIComponent(`${server.base}/iiif/manifest/oggetti/pub`)}"`,
      );
      const book = await (await server.fetch("/oggetti/book/album-di-fotografie")).text();
      expect(book).toContain('href="/sfogliatore/book"');
      for (const [prefix, text] of [
        ["", "Pagina 1 di 2"],
        ["/en", "Page 1 of 2"],
        ["/fr", "Page 1 sur 2"],
      ]) {
        const res = await server.fetch(`${prefix}/sfogliatore/book`);
        expect(res.status, prefix).toBe(200);
        const body = await res.text();
        expect(body).toContain(text);
        expect(body).toContain(`/iiif/3/${ids.p1}`);
        expect(body).not.toContain(ids.p3!);
      }
      expect((await server.fetch("/sfogliatore/res2")).status).toBe(404);
      expect((await server.fetch("/sfogliatore/oggetti/pub")).status).toBe(301);
      expect((await server.fetch("/sfogliatore/nope")).status).toBe(404);
    });

    it("licences become rights URIs only when they are Creative Commons or RightsStatements.org", () => {
      expect(rightsUri("CC0-1.0")).toBe("http://creativecommons.org/publicdomain/zero/1.0/");
      expect(rightsUri("CC BY-SA 4.0")).toBe("http://creativecommons.org/licenses/by-sa/4.0/");
      expect(rightsUri("CC-BY-NC-ND-3.0")).toBe("http://creativecommons.org/licenses/by-nc-nd/3.0/");
      expect(rightsUri("https://creativecommons.org/licenses/by/4.0/deed.it")).toBe("http://creativecommons.org/licenses/by/4.0/");
      expect(rightsUri("http://rightsstatements.org/vocab/InC/1.0/")).toBe("http://rightsstatements.org/vocab/InC/1.0/");
      expect(rightsUri("Image © Tate – not covered by the CC0 metadata licence")).toBeNull();
      expect(rightsUri(null)).toBeNull();
    });
  });
}
