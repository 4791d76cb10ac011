import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { importFile } from "../../app/features/catalogue/import.server";
import { createUser } from "../../app/features/accounts/accounts.server";
import { createSession } from "../../app/.server/session";
import { catalogueChanged } from "../../app/.server/caches";
import { testDatabases } from "../setup/db";
import { startTestServer } from "../setup/app";
import { makeImage, makeRecord, tempDir, writeNdjson } from "../factories/records";

/**
 * Protected media (issue 13 §4, decision 043): every stored file of a restricted image or of a record with
 * access 2 or 3 answers only to a viewer allowed to see it; anyone else gets what a missing file gets.
 */
for (const target of testDatabases()) {
  describe(`protected media on ${target.name}`, () => {
    let db: Awaited<ReturnType<typeof target.open>>;
    let server: Awaited<ReturnType<typeof startTestServer>>;
    const dir = tempDir();
    const store = path.join(dir, "store");
    let managerCookie = "";
    let researcherCookie = "";

    const filesOf = async (recordId: string, restricted?: boolean) => {
      const rows = await db.rows<{ original: string; thumbnail: string; medium: string; large: string }>(sql`
        select m.original, m.thumbnail, m.medium, m.large from media m join records r on r.uid = m.record_uid
        where r.id = ${recordId} ${restricted === undefined ? sql`` : sql`and m.restricted = ${restricted}`}`);
      expect(rows.length).toBeGreaterThan(0);
      return [...new Set(rows.flatMap((r) => [r.original, r.thumbnail, r.medium, r.large]))].map(
        (p) => `/media/${p.split(path.sep).join("/")}`,
      );
    };

    beforeAll(async () => {
      db = await target.open();
      await makeImage(dir, "public.jpg", 2400, 1600, "#a0522d");
      await makeImage(dir, "secret.jpg", 2400, 1600, "#000000");
      await makeImage(dir, "res2.jpg", 1200, 900, "#225588");
      await makeImage(dir, "shared.jpg", 500, 400, "#558822");
      // Two turntables of eight frames each, distinct by colour: one on a public record, one on an access-2 one.
      for (let i = 0; i < 8; i++) {
        await makeImage(dir, `spin-pub-${i}.jpg`, 300, 200, `#${(40 + i * 20).toString(16)}a0a0`);
        await makeImage(dir, `spin-res-${i}.jpg`, 300, 200, `#d0${(40 + i * 20).toString(16)}20`);
      }
      const spin = (prefix: string) => Array.from({ length: 8 }, (_, i) => `${prefix}-${i}.jpg`);
      fs.writeFileSync(path.join(dir, "inventario.xml"), '<?xml version="1.0"?><inventario><voce>Vaso</voce></inventario>\n');
      await importFile(
        { database: db },
        writeNdjson(dir, [
          makeRecord({
            id: "pub",
            texts: { it: { label: "Pubblico" } },
            media: [
              { type: "image", file: "public.jpg" },
              { type: "image", file: "secret.jpg", restricted: true },
            ],
          }),
          makeRecord({
            id: "res2",
            access: 2,
            texts: { it: { label: "Riservato" } },
            media: [
              { type: "image", file: "res2.jpg" },
              { type: "image", file: "shared.jpg" },
            ],
          }),
          // The same file (same content hash) shown publicly by another record stays public.
          makeRecord({ id: "pub-shared", texts: { it: { label: "Condiviso" } }, media: [{ type: "image", file: "shared.jpg" }] }),
          makeRecord({ id: "pub-spin", texts: { it: { label: "Vaso a 360°" } }, media: [{ type: "sequence", frames: spin("spin-pub") }] }),
          makeRecord({
            id: "res2-spin",
            access: 2,
            texts: { it: { label: "Vaso riservato a 360°" } },
            media: [{ type: "sequence", frames: spin("spin-res") }],
          }),
          makeRecord({
            id: "pub-doc",
            texts: { it: { label: "Con inventario" } },
            media: [{ type: "application", file: "inventario.xml" }],
          }),
        ]),
        { mediaDir: dir, mediaStore: store },
      );
      const meta = { userAgent: "test", address: "127.0.0.1" };
      const manager = await createUser({ database: db }, { email: "m@example.org", roles: ["Manager"] }, { userId: null, address: "test" });
      const researcher = await createUser(
        { database: db },
        { email: "r@example.org", roles: ["Ricercatore"] },
        { userId: null, address: "test" },
      );
      managerCookie = `teca_session=${(await createSession(db, manager.id, meta)).token}`;
      researcherCookie = `teca_session=${(await createSession(db, researcher.id, meta)).token}`;
      server = await startTestServer(db, store);
    });
    afterAll(async () => {
      await server?.close();
      await db.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it("public images are immutable static files for everyone", async () => {
      for (const url of await filesOf("pub", false)) {
        const res = await server.fetch(url);
        expect(res.status, url).toBe(200);
        expect(res.headers.get("cache-control")).toContain("immutable");
        expect(res.headers.get("content-type")).toMatch(/^image\//);
      }
    });

    it("a document is a download, never a page of this origin; images stay inline", async () => {
      const [row] = await db.rows<{ original: string }>(sql`
        select m.original from media m join records r on r.uid = m.record_uid where r.id = 'pub-doc'`);
      expect(row?.original).toMatch(/\.xml$/);
      const res = await server.fetch(`/media/${row!.original.split(path.sep).join("/")}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toBe("attachment");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      for (const url of await filesOf("pub", false)) expect((await server.fetch(url)).headers.get("content-disposition"), url).toBeNull();
    });

    it("every file of a restricted image and of an access-2 record: 404 to visitors and researchers, 200 private to a manager", async () => {
      const shared = new Set(await filesOf("pub-shared"));
      const urls = [...(await filesOf("pub", true)), ...(await filesOf("res2"))].filter((u) => !shared.has(u));
      expect(urls.length).toBeGreaterThanOrEqual(5);
      const missing = await server.fetch("/media/00/00/00000000000000000000000000000000-thumbnail.webp");
      expect(missing.status).toBe(404);
      for (const url of urls) {
        for (const cookie of [undefined, researcherCookie]) {
          const res = await server.fetch(url, { headers: cookie ? { cookie } : {} });
          expect(res.status, `${url} ${cookie ? "researcher" : "visitor"}`).toBe(404);
          expect(res.headers.get("content-type")).toBe(missing.headers.get("content-type"));
          expect(await res.text()).not.toContain("RIFF");
        }
        const head = await server.fetch(url, { method: "HEAD" });
        expect(head.status).toBe(404);
        const res = await server.fetch(url, { headers: { cookie: managerCookie } });
        expect(res.status, `${url} manager`).toBe(200);
        expect(res.headers.get("content-type")).toMatch(/^image\//);
        expect(res.headers.get("cache-control")).toMatch(/^private/);
        expect(res.headers.get("cache-control")).not.toContain("immutable");
        expect(res.headers.get("vary")).toMatch(/cookie/i);
      }
    });

    /** Every stored file of a record's 360° sequences: the row's own and each frame's original and derivatives. */
    const framesOf = async (recordId: string) => {
      const rows = await db.rows<{ frames: Record<string, string>[] }>(sql`
        select m.frames from media m join records r on r.uid = m.record_uid where r.id = ${recordId} and m.media_type = 'sequence'`);
      expect(rows.length).toBe(1);
      expect(rows[0]!.frames).toHaveLength(8);
      return [...new Set(rows[0]!.frames.flatMap((f) => [f.original, f.thumbnail, f.medium, f.large]))].map(
        (p) => `/media/${p!.split(path.sep).join("/")}`,
      );
    };

    it("a 360° sequence's frames are served as its record's images are: public to all, an access-2 record's to a manager only", async () => {
      const pub = await framesOf("pub-spin");
      expect(pub.length).toBeGreaterThanOrEqual(16); // 8 originals (served as medium and large) and 8 thumbnails
      for (const url of pub) {
        const res = await server.fetch(url);
        expect(res.status, url).toBe(200);
        expect(res.headers.get("cache-control")).toContain("immutable");
      }
      const res2 = await framesOf("res2-spin");
      expect(res2.length).toBeGreaterThanOrEqual(16);
      for (const url of res2) {
        for (const cookie of [undefined, researcherCookie]) {
          const res = await server.fetch(url, { headers: cookie ? { cookie } : {} });
          expect(res.status, `${url} ${cookie ? "researcher" : "visitor"}`).toBe(404);
        }
        const res = await server.fetch(url, { headers: { cookie: managerCookie } });
        expect(res.status, `${url} manager`).toBe(200);
        expect(res.headers.get("content-type")).toMatch(/^image\//);
        expect(res.headers.get("cache-control")).toMatch(/^private/);
      }
    });

    it("a file a public record also shows stays public, even where an access-2 record uses it too", async () => {
      const shared = await filesOf("pub-shared");
      expect((await filesOf("res2")).some((u) => shared.includes(u))).toBe(true);
      for (const url of shared) expect((await server.fetch(url)).status, url).toBe(200);
    });

    it("other spellings of a protected address are not a way round", async () => {
      const [url] = await filesOf("pub", true);
      const rest = url.slice("/media/".length);
      for (const variant of [
        `/media//${rest}`,
        `/media/./${rest}`,
        `/media/${rest.replace("/", "//")}`,
        `/media/${rest.replace(/\//g, "%2F")}`,
        `/media/${rest.replace("/", "/x/../")}`,
      ]) {
        const res = await server.fetch(variant);
        expect(res.status, variant).not.toBe(200);
      }
    });

    it("a file no image uses any more (removed or replaced by an import) is served to no one", async () => {
      const [url] = await filesOf("pub", true);
      expect((await server.fetch(url, { headers: { cookie: managerCookie } })).status).toBe(200);
      await db.rows(sql`delete from media m using records r where r.uid = m.record_uid and r.id = 'pub' and m.restricted`);
      catalogueChanged(db);
      for (const cookie of [undefined, researcherCookie, managerCookie]) {
        const res = await server.fetch(url, { headers: cookie ? { cookie } : {} });
        expect(res.status).toBe(404);
      }
    });

    it("when a record becomes public its files follow at once, and back", async () => {
      const [url] = await filesOf("res2");
      expect((await server.fetch(url)).status).toBe(404);
      await db.rows(sql`update records set access = 1 where id = 'res2'`);
      catalogueChanged(db);
      expect((await server.fetch(url)).status).toBe(200);
      await db.rows(sql`update records set access = 2 where id = 'res2'`);
      catalogueChanged(db);
      expect((await server.fetch(url)).status).toBe(404);
    });
  });
}
