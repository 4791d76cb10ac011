import fs from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createUser } from "../../app/features/accounts/accounts.server";
import { createSession } from "../../app/.server/session";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeImage, makeRecord, tempDir } from "../factories/records";

/**
 * Issue 15 §3, §5 (decision 063): the editors' uploads and image picker, and moodboards, over HTTP with real
 * sessions, on both databases. Uploads are checked by content and re-encoded, limited per request and per
 * user, and readable by their owner only; another user's moodboard answers exactly like a missing one on
 * every call, page and `.data` URL; a stale save is 409.
 */
for (const target of testDatabases()) {
  describe(`moodboards and uploads on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const cookie: Record<"anna" | "bruno", string> = { anna: "", bruno: "" };
    const userId: Record<string, string> = {};
    let uploads: string;
    let png: Buffer;

    beforeAll(async () => {
      uploads = tempDir("teca-uploads-");
      process.env.UPLOADS_DIR = uploads;
      const dir = tempDir();
      await makeImage(dir, "a.jpg");
      await makeImage(dir, "s.jpg", 300, 200, "#203040");
      cat = await seededCatalogue(
        target,
        [
          makeRecord({ id: "vaso", texts: { it: { label: "Vaso blu" } }, media: [{ type: "image", file: "a.jpg" }] }),
          makeRecord({ id: "piatto", texts: { it: { label: "Piatto decorato" } } }),
          makeRecord({
            id: "segreto",
            access: 2,
            texts: { it: { label: "Reliquiario segreto" } },
            media: [{ type: "image", file: "s.jpg" }],
          }),
        ],
        { dir },
      );
      const meta = { userAgent: "test", address: "127.0.0.1" };
      for (const who of ["anna", "bruno"] as const) {
        const user = await createUser(
          { database: cat.db },
          { email: `${who}@example.org`, roles: ["Ricercatore"] },
          { userId: null, address: "test" },
        );
        userId[who] = user.id;
        cookie[who] = `teca_session=${(await createSession(cat.db, user.id, meta)).token}`;
      }
      png = await sharp({ create: { width: 60, height: 40, channels: 4, background: "#3366cc" } })
        .png()
        .toBuffer();
    });
    afterAll(async () => {
      for (const k of ["UPLOADS_DIR", "UPLOAD_MAX_FILES", "UPLOAD_MAX_COUNT", "UPLOAD_MAX_FILE_MB", "MOODBOARD_MAX_ITEMS"])
        delete process.env[k];
      await cat?.close();
      fs.rmSync(uploads, { recursive: true, force: true });
    });

    type Who = keyof typeof cookie | "visitor";
    const headers = (who: Who, extra: Record<string, string> = {}) => ({ ...(who === "visitor" ? {} : { cookie: cookie[who] }), ...extra });
    const call = async (p: string, who: Who, body: unknown) => {
      const res = await cat.server.fetch(p, {
        method: "POST",
        headers: headers(who, { "content-type": "application/json", origin: cat.server.base }),
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as any, res };
    };
    const upload = async (who: Who, files: { name: string; bytes: Uint8Array | string }[]) => {
      const form = new FormData();
      for (const f of files) form.append("file", new Blob([typeof f.bytes === "string" ? f.bytes : new Uint8Array(f.bytes)]), f.name);
      form.append("name", files[0]?.name ?? "");
      form.append("locale", "it");
      const res = await cat.server.fetch("/api/auth/docs/uploadFile", {
        method: "POST",
        headers: headers(who, { origin: cat.server.base }),
        body: form,
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as any };
    };
    const count = async (who: "anna" | "bruno") =>
      (await cat.db.rows<{ n: number }>(sql`select count(*)::int as n from uploads where owner_id = ${userId[who]}::uuid`))[0]!.n;
    const files = () => fs.readdirSync(uploads).filter((f) => !f.endsWith(".tmp"));

    it("uploads: by content, re-encoded without metadata, under a random name, readable by the owner only", async () => {
      expect((await upload("visitor", [{ name: "a.png", bytes: png }])).status).toBe(401);
      // A PNG named .jpg is a PNG: fine.
      const r = await upload("anna", [{ name: "photo.jpg", bytes: png }]);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.url).toMatch(/^\/uploads\/[A-Za-z0-9_-]{32}\.webp$/);
      // A JPEG with EXIF (a camera, a place) comes back as a WebP without it.
      const exif = await sharp({ create: { width: 50, height: 50, channels: 3, background: "#aa0000" } })
        .jpeg()
        .withExif({ IFD0: { Copyright: "Anna's camera", Artist: "Anna" } })
        .toBuffer();
      expect((await sharp(exif).metadata()).exif).toBeDefined();
      const e = await upload("anna", [{ name: "camera.jpeg", bytes: exif }]);
      expect(e.status).toBe(201);
      const own = await cat.server.fetch(e.body.url, { headers: headers("anna") });
      expect(own.status).toBe(200);
      expect(own.headers.get("content-type")).toBe("image/webp");
      expect(own.headers.get("x-content-type-options")).toBe("nosniff");
      expect(own.headers.get("cache-control")).toContain("private");
      const bytes = Buffer.from(await own.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from("Anna's camera"))).toBe(false);
      // Another user and a visitor: the same 404 as a name that does not exist.
      const missing = await cat.server.fetch(`/uploads/${"A".repeat(32)}.webp`, { headers: headers("anna") });
      expect(missing.status).toBe(404);
      for (const who of ["bruno", "visitor"] as const) {
        const other = await cat.server.fetch(e.body.url, { headers: headers(who) });
        expect(other.status, who).toBe(404);
        expect(await other.text()).toBe(
          await (await cat.server.fetch(`/uploads/${"A".repeat(32)}.webp`, { headers: headers(who) })).text(),
        );
      }
      // The store holds the re-encoded files under their random names only.
      expect(files().sort()).toEqual([r.body.url, e.body.url].map((u: string) => u.slice("/uploads/".length)).sort());
    });

    it("uploads: an SVG, an HTML page or a text renamed .png is refused, and nothing is kept", async () => {
      const before = await count("anna");
      const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`;
      const html = `<!doctype html><html><body><script>alert(1)</script></body></html>`;
      // …in any encoding (issue 29 §6): UTF-16 with and without its mark.
      const utf16 = (t: string, bom: boolean) =>
        new Uint8Array(Buffer.concat([bom ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0), Buffer.from(t, "utf16le")]));
      for (const [name, bytes] of [
        ["x.png", svg],
        ["y.png", html],
        ["z.jpg", "plain text"],
        ["empty.png", ""],
        ["w.png", utf16(svg, true)],
        ["v.tif", utf16(svg, false)],
      ] as const) {
        const r = await upload("anna", [{ name, bytes }]);
        expect(r.status, name).toBe(400);
      }
      // One bad file in a batch: nothing of the batch is kept.
      const mixed = await upload("anna", [
        { name: "ok.png", bytes: png },
        { name: "bad.png", bytes: svg },
      ]);
      expect(mixed.status).toBe(400);
      expect(mixed.body.error.message).toBe("«bad.png» non è un'immagine TIFF, JPEG o PNG: nulla è stato caricato.");
      expect(await count("anna")).toBe(before);
      expect(files()).toHaveLength(before);
    });

    it("uploads: more files than allowed at once, a file too large, or over the user's quota: nothing added", async () => {
      const before = await count("anna");
      process.env.UPLOAD_MAX_FILES = "2";
      const many = await upload(
        "anna",
        [1, 2, 3].map((i) => ({ name: `${i}.png`, bytes: png })),
      );
      expect(many.status).toBe(413);
      expect(many.body.error.message).toBe("Superato limiti di file da caricare!");
      delete process.env.UPLOAD_MAX_FILES;
      process.env.UPLOAD_MAX_FILE_MB = "1";
      const big = await sharp({
        create: { width: 1200, height: 1200, channels: 3, background: "#000000", noise: { type: "gaussian", mean: 128, sigma: 60 } },
      })
        .png()
        .toBuffer();
      expect(big.length).toBeGreaterThan(1024 * 1024);
      expect((await upload("anna", [{ name: "big.png", bytes: big }])).status).toBe(413);
      delete process.env.UPLOAD_MAX_FILE_MB;
      process.env.UPLOAD_MAX_COUNT = String(before + 1);
      const two = await upload("anna", [
        { name: "a.png", bytes: png },
        { name: "b.png", bytes: png },
      ]);
      expect(two.status).toBe(409);
      expect(two.body.error.message).toMatch(/limite dei caricamenti \(3 file/);
      expect(await count("anna")).toBe(before);
      expect((await upload("anna", [{ name: "a.png", bytes: png }])).status).toBe(201);
      delete process.env.UPLOAD_MAX_COUNT;
    });

    it("image picker: the user's collections, the catalogue and the user's uploads, only what the viewer may see", async () => {
      expect((await call("/api/auth/docs/getImages", "visitor", { source: "catalogue", locale: "it" })).status).toBe(401);
      const cat1 = await call("/api/auth/docs/getImages", "anna", { source: "catalogue", locale: "it", q: "" });
      expect(cat1.status).toBe(200);
      const titles = cat1.body.data.images.map((i: { title: string }) => i.title);
      expect(titles).toContain("Vaso blu");
      expect(titles).not.toContain("Reliquiario segreto");
      expect(cat1.body.data.images[0].url).toMatch(/^\/media\//);
      const none = await call("/api/auth/docs/getImages", "anna", { source: "catalogue", locale: "it", q: "zzzqqq" });
      expect(none.body.data.images).toEqual([]);
      // Collections: empty until Anna pins the vase; Bruno's stays empty.
      expect((await call("/api/auth/docs/getImages", "anna", { source: "collections", locale: "it" })).body.data.images).toEqual([]);
      const c = await call("/api/auth/docs/saveDoc", "anna", {
        collection: "collections",
        locale: "it",
        data: {
          title: "Blu",
          items: [
            { table: "ca_objects", id: "vaso" },
            { table: "ca_objects", id: "piatto" },
          ],
        },
      });
      expect(c.status).toBe(201);
      const mine = await call("/api/auth/docs/getImages", "anna", { source: "collections", locale: "it" });
      expect(mine.body.data.images.map((i: { ref: { id: string } }) => i.ref.id)).toEqual(["vaso"]);
      expect(
        (await call("/api/auth/docs/getImages", "anna", { source: "collections", locale: "it", q: "vaso" })).body.data.images,
      ).toHaveLength(1);
      expect(
        (await call("/api/auth/docs/getImages", "anna", { source: "collections", locale: "it", q: "piatto" })).body.data.images,
      ).toEqual([]);
      expect((await call("/api/auth/docs/getImages", "bruno", { source: "collections", locale: "it" })).body.data.images).toEqual([]);
      // Uploads: each user's own.
      const ups = await call("/api/auth/docs/getImages", "anna", { source: "uploads", locale: "it" });
      expect(ups.body.data.images.length).toBe(await count("anna"));
      expect(ups.body.data.images.every((i: { url: string; ref: unknown }) => i.url.startsWith("/uploads/") && i.ref === null)).toBe(true);
      expect((await call("/api/auth/docs/getImages", "bruno", { source: "uploads", locale: "it" })).body.data.images).toEqual([]);
      expect((await call("/api/auth/docs/getImages", "anna", { source: "nothing", locale: "it" })).status).toBe(400);
    });

    const board = (over: Record<string, unknown> = {}) => ({
      title: "Blu e oro",
      background: "#102030",
      colours: ["#aa0000", "#00aa00"],
      items: [
        {
          id: "i1",
          url: "/media/ab/cd/x.webp",
          ref: { table: "ca_objects", id: "vaso" },
          title: "Vaso blu",
          x: 10,
          y: 20,
          width: 200,
          height: 150,
          rotate: 15,
          zIndex: 0,
        },
      ],
      ...over,
    });
    let coll = "";
    let annaBoard = { id: "", version: 0 };

    it("moodboards: created in one's own collection, listed, read by page, .data and getDocs; another user's is a 404", async () => {
      const list = await call("/api/auth/docs/getCollections", "anna", { locale: "it" });
      coll = list.body.data[0].id;
      const brunoColl = await call("/api/auth/docs/saveDoc", "bruno", {
        collection: "collections",
        locale: "it",
        data: { title: "Di Bruno" },
      });
      // No title: the spec's message; into another user's collection: 404 like a missing one.
      const untitled = await call("/api/auth/docs/saveDoc", "anna", {
        collection: "moodboards",
        locale: "it",
        data: { ...board(), title: " ", coll },
      });
      expect(untitled.status).toBe(400);
      expect(untitled.body.error.message).toBe("Ricordati di inserire il titolo");
      const elsewhere = await call("/api/auth/docs/saveDoc", "anna", {
        collection: "moodboards",
        locale: "it",
        data: { ...board(), coll: brunoColl.body.data.id },
      });
      const missing = await call("/api/auth/docs/saveDoc", "anna", {
        collection: "moodboards",
        locale: "it",
        data: { ...board(), coll: "AAAAAAAAAAAA" },
      });
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.body).toEqual(missing.body);
      const created = await call("/api/auth/docs/saveDoc", "anna", { collection: "moodboards", locale: "it", data: { ...board(), coll } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data).toMatchObject({ name: "Blu e oro", type: "moodboards", coll, version: 1, background: "#102030", count: 1 });
      expect(created.body.data.items[0]).toMatchObject({ x: 10, y: 20, width: 200, height: 150, rotate: 15, zIndex: 0 });
      annaBoard = { id: created.body.data.id, version: 1 };
      const docs = await call("/api/auth/docs/getDocs", "anna", { collection: "moodboards", coll, locale: "it" });
      expect(docs.body.data.map((d: { id: string }) => d.id)).toEqual([annaBoard.id]);
      expect((await call("/api/auth/docs/getDocs", "bruno", { collection: "moodboards", locale: "it" })).body.data).toEqual([]);
      expect((await call("/api/public/docs/getDocs", "visitor", { collection: "moodboards", locale: "it" })).body.data).toEqual([]);
      // The page, in three languages, and its .data; the collection page lists it with the link that creates one.
      for (const prefix of ["", "/en", "/fr"]) {
        const res = await cat.server.fetch(`${prefix}/collections/${coll}/moodboards/${annaBoard.id}`, { headers: headers("anna") });
        expect(res.status).toBe(200);
        expect(await res.text()).toContain("Blu e oro");
      }
      const page = await (await cat.server.fetch(`/collections/${coll}`, { headers: headers("anna") })).text();
      expect(page).toContain(`/collections/${coll}/moodboards/${annaBoard.id}`);
      expect(page).toContain(`/collections/${coll}/moodboards/add`);
      expect((await cat.server.fetch(`/en/collections/${coll}/moodboards/add`, { headers: headers("anna") })).status).toBe(200);
      expect((await cat.server.fetch(`/collections/${coll}/moodboards/${annaBoard.id}.data`, { headers: headers("anna") })).status).toBe(
        200,
      );
      // Bruno: the page, its .data, 'add' in Anna's collection, and a board under the wrong collection are all 404.
      const notFoundPage = async (p: string, who: Who) => {
        const res = await cat.server.fetch(p, { headers: headers(who) });
        return {
          status: res.status,
          text: (await res.text())
            .replace(/nonce="[^"]*"/g, "")
            .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ""),
        };
      };
      const ref404 = await notFoundPage(`/collections/${coll}/moodboards/AAAAAAAAAAAA`, "anna");
      expect(ref404.status).toBe(404);
      for (const p of [`/collections/${coll}/moodboards/${annaBoard.id}`, `/collections/${coll}/moodboards/add`]) {
        const r = await notFoundPage(p, "bruno");
        expect(r.status, p).toBe(404);
      }
      expect((await notFoundPage(`/collections/${brunoColl.body.data.id}/moodboards/${annaBoard.id}`, "anna")).status).toBe(404);
      for (const p of [`/collections/${coll}/moodboards/${annaBoard.id}.data`, `/collections/${coll}/moodboards/add.data`]) {
        const res = await cat.server.fetch(p, { headers: headers("bruno") });
        const mine = await cat.server.fetch(`/collections/${coll}/moodboards/AAAAAAAAAAAA.data`, { headers: headers("anna") });
        expect(mine.status).toBe(404);
        expect(res.status, p).toBe(404);
        expect(await res.text()).not.toContain("Blu e oro");
      }
      // Visitors go to the sign-in page.
      const visitor = await cat.server.fetch(`/collections/${coll}/moodboards/${annaBoard.id}`);
      expect(visitor.status).toBe(302);
    });

    it("moodboards: saving carries the version; a stale save is 409 and changes nothing; another user's save and remove are 404", async () => {
      const next = board({ title: "Blu, oro e rosso", items: [{ ...board().items[0], x: 300, y: 120, rotate: -30, zIndex: 2 }] });
      const saved = await call("/api/auth/docs/saveDoc", "anna", {
        collection: "moodboards",
        locale: "it",
        name: annaBoard.id,
        data: { ...next, coll, version: 1 },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data).toMatchObject({ version: 2, name: "Blu, oro e rosso" });
      expect(saved.body.data.items[0]).toMatchObject({ x: 300, y: 120, rotate: -30, zIndex: 2 });
      const stale = await call("/api/auth/docs/saveDoc", "anna", {
        collection: "moodboards",
        locale: "it",
        name: annaBoard.id,
        data: { ...board({ title: "Vecchio" }), coll, version: 1 },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error.message).toMatch(/ricarica la pagina/);
      expect(stale.body.error.reason).toBe("conflict");
      const noVersion = await call("/api/auth/docs/saveDoc", "anna", {
        collection: "moodboards",
        locale: "it",
        name: annaBoard.id,
        data: { ...board(), coll },
      });
      expect(noVersion.status).toBe(400);
      // Bruno, with the right version: the 404 of a missing id; nothing changed.
      const theirs = await call("/api/auth/docs/saveDoc", "bruno", {
        collection: "moodboards",
        locale: "it",
        name: annaBoard.id,
        data: { ...board({ title: "Preso" }), version: 2 },
      });
      const missing = await call("/api/auth/docs/saveDoc", "bruno", {
        collection: "moodboards",
        locale: "it",
        name: "AAAAAAAAAAAA",
        data: { ...board({ title: "Preso" }), version: 2 },
      });
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(missing.body);
      const removeTheirs = await call("/api/auth/docs/removeDoc", "bruno", { collection: "moodboards", name: annaBoard.id, locale: "it" });
      expect(removeTheirs.status).toBe(404);
      expect(removeTheirs.body).toEqual(
        (await call("/api/auth/docs/removeDoc", "bruno", { collection: "moodboards", name: "AAAAAAAAAAAA", locale: "it" })).body,
      );
      const [row] = await cat.db.rows<{ title: string; version: number }>(
        sql`select title, version from moodboards where id = ${annaBoard.id}`,
      );
      expect(row).toEqual({ title: "Blu, oro e rosso", version: 2 });
      // Visitors: 401 on every call.
      for (const name of ["saveDoc", "removeDoc", "getDocs", "uploadFile", "getImages"])
        expect((await call(`/api/auth/docs/${name}`, "visitor", { collection: "moodboards", locale: "it" })).status, name).toBe(401);
    });

    it("moodboards: items are validated (geometry, addresses, own uploads only) and limited", async () => {
      const save = (data: Record<string, unknown>) =>
        call("/api/auth/docs/saveDoc", "anna", { collection: "moodboards", locale: "it", data: { ...board(), coll, ...data } });
      const item = board().items[0]!;
      for (const bad of [
        [{ ...item, url: "https://evil.example/x.png" }],
        [{ ...item, url: "/media/../secret" }],
        [{ ...item, url: "javascript:alert(1)" }],
        [{ ...item, width: "wide" }],
        [{ ...item, x: 1e9 }],
        [{ ...item, zIndex: 1.5 }],
        [{ ...item, onclick: "x" }],
        [item, item],
      ])
        expect((await save({ items: bad })).status, JSON.stringify(bad)).toBe(400);
      expect((await save({ background: "red" })).status).toBe(400);
      expect((await save({ background: "#fff;}" })).status).toBe(400);
      // Bruno's upload cannot be put on Anna's board; her own can.
      const brunos = await upload("bruno", [{ name: "b.png", bytes: png }]);
      expect((await save({ items: [{ ...item, url: brunos.body.url }] })).status).toBe(400);
      const annas = (await call("/api/auth/docs/getImages", "anna", { source: "uploads", locale: "it" })).body.data.images[0].url;
      const ok = await save({ items: [{ ...item, url: annas }] });
      expect(ok.status).toBe(201);
      process.env.MOODBOARD_MAX_ITEMS = "1";
      const over = await save({ items: [item, { ...item, id: "i2" }] });
      expect(over.status).toBe(409);
      expect(over.body.error.message).toBe("Una moodboard può contenere al massimo 1 immagine.");
      // a limit is not a stale save: the editor offers no reload for it
      expect(over.body.error.reason).toBe("limit");
      delete process.env.MOODBOARD_MAX_ITEMS;
      // Deleting: the owner's remove works; then the board is a 404.
      const removed = await call("/api/auth/docs/removeDoc", "anna", { collection: "moodboards", name: ok.body.data.id, locale: "it" });
      expect(removed.status).toBe(200);
      expect((await cat.server.fetch(`/collections/${coll}/moodboards/${ok.body.data.id}`, { headers: headers("anna") })).status).toBe(404);
    });

    it("uploads: the owner deletes one to free the quota (removeDoc and the uploads tab); one in use is refused naming where; another user's is a 404", async () => {
      const list = async (who: Who) =>
        (await call("/api/auth/docs/getDocs", who, { collection: "uploads", locale: "it", pubblico: false })).body as UploadsAnswer;
      type UploadsAnswer = {
        data: { id: string; url: string; name: string; uses: { type: string; id: string; coll: string; name: string }[] }[];
        quota: { count: number; bytes: number };
      };
      const remove = (who: Who, name: string) => call("/api/auth/docs/removeDoc", who, { collection: "uploads", name, locale: "it" });
      const tab = (who: Who, fields: Record<string, string>, prefix = "") =>
        cat.server.fetch(`${prefix}/collections?tab=uploads`, {
          method: "POST",
          headers: headers(who, { "content-type": "application/x-www-form-urlencoded", origin: cat.server.base }),
          body: new URLSearchParams({ intent: "deleteUpload", ...fields }).toString(),
        });
      // At the quota nothing more goes in.
      const before = await count("anna");
      process.env.UPLOAD_MAX_COUNT = String(before);
      expect((await upload("anna", [{ name: "c.png", bytes: png }])).status).toBe(409);
      delete process.env.UPLOAD_MAX_COUNT;
      // One upload shown by a moodboard and a story, one by nothing.
      const [u1, u2] = (
        await upload("anna", [
          { name: "usata.png", bytes: png },
          { name: "libera.png", bytes: png },
        ])
      ).body.data as { id: string; url: string }[];
      const item = board().items[0]!;
      const mb = await call("/api/auth/docs/saveDoc", "anna", {
        collection: "moodboards",
        locale: "it",
        data: { ...board({ title: "Con foto" }), coll, items: [{ ...item, url: u1!.url }] },
      });
      expect(mb.status).toBe(201);
      const st = await call("/api/auth/docs/saveDoc", "anna", {
        collection: "stories",
        locale: "it",
        data: { coll, title: "Racconto", blocks: [{ id: "b1", type: "image", url: u1!.url }] },
      });
      expect(st.status, JSON.stringify(st.body)).toBe(201);
      const listed = await list("anna");
      expect(listed.quota.count).toBe(before + 2);
      expect(listed.data.find((u) => u.id === u1!.id)!.uses.map((x) => [x.type, x.name])).toEqual([
        ["moodboards", "Con foto"],
        ["stories", "Racconto"],
      ]);
      expect(listed.data.find((u) => u.id === u2!.id)!.uses).toEqual([]);
      expect((await list("bruno")).data.some((u) => u.id === u1!.id)).toBe(false);
      expect((await call("/api/public/docs/getDocs", "visitor", { collection: "uploads", locale: "it" })).body.data).toEqual([]);

      // In use: 409 naming both, nothing deleted, by the call and by the tab's form.
      const refused = await remove("anna", u1!.id);
      expect(refused.status).toBe(409);
      expect(refused.body.error.reason).toBe("inUse");
      expect(refused.body.error.message).toBe(
        "Quest'immagine è ancora usata in moodboard «Con foto», storia «Racconto»: toglila da lì prima di eliminarla.",
      );
      expect(refused.body.error.uses.map((x: { type: string; id: string }) => x.id)).toEqual([mb.body.data.id, st.body.data.id]);
      const refusedForm = await tab("anna", { upload: u1!.id }, "/en");
      expect(refusedForm.status).toBe(409);
      expect(await refusedForm.text()).toContain("This image is still used in moodboard “Con foto”, story “Racconto”");
      expect(files()).toContain(u1!.url.slice("/uploads/".length));

      // Bruno, and a missing id: the same 404; a malformed id: 400; a visitor: 401.
      const theirs = await remove("bruno", u2!.id);
      const missing = await remove("bruno", "00000000-0000-4000-8000-000000000000");
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(missing.body);
      expect((await tab("bruno", { upload: u2!.id })).status).toBe(404);
      expect((await remove("anna", "../../etc")).status).toBe(400);
      expect((await remove("visitor", u2!.id)).status).toBe(401);
      expect(await count("anna")).toBe(before + 2);

      // The owner deletes the unused one: the row, its file, its address; the quota has room again.
      process.env.UPLOAD_MAX_COUNT = String(before + 2);
      expect((await upload("anna", [{ name: "c.png", bytes: png }])).status).toBe(409);
      const done = await remove("anna", u2!.id);
      expect(done.status).toBe(200);
      expect(done.body.data).toEqual({ id: u2!.id, removed: true });
      expect(files()).not.toContain(u2!.url.slice("/uploads/".length));
      expect((await cat.server.fetch(u2!.url, { headers: headers("anna") })).status).toBe(404);
      expect((await remove("anna", u2!.id)).status).toBe(404);
      const again = await upload("anna", [{ name: "c.png", bytes: png }]);
      expect(again.status).toBe(201);
      delete process.env.UPLOAD_MAX_COUNT;

      // Out of the documents, the first one goes too — by the tab's form (no script needed).
      expect(
        (await call("/api/auth/docs/removeDoc", "anna", { collection: "moodboards", name: mb.body.data.id, locale: "it" })).status,
      ).toBe(200);
      expect((await call("/api/auth/docs/removeDoc", "anna", { collection: "stories", name: st.body.data.id, locale: "it" })).status).toBe(
        200,
      );
      const byForm = await tab("anna", { upload: u1!.id });
      expect(byForm.status).toBe(200);
      expect(await byForm.text()).toContain("Immagine eliminata");
      expect(files()).not.toContain(u1!.url.slice("/uploads/".length));
      expect(await count("anna")).toBe(before + 1);
      // A cross-site form post is refused.
      const cross = await cat.server.fetch("/collections?tab=uploads", {
        method: "POST",
        headers: headers("anna", { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" }),
        body: `intent=deleteUpload&upload=${again.body.data[0].id}`,
      });
      expect(cross.status).toBe(403);
      expect(await count("anna")).toBe(before + 1);
    });

    it("the /collections tabs: moodboards, stories and uploads listed with links to open them, empty states, in three languages", async () => {
      const made = await call("/api/auth/docs/saveDoc", "anna", {
        collection: "moodboards",
        locale: "it",
        data: { ...board({ title: "Tavola d'oro" }), coll },
      });
      const story = await call("/api/auth/docs/saveDoc", "anna", {
        collection: "stories",
        locale: "it",
        data: { coll, title: "Storia pubblica", blocks: [], public: true },
      });
      expect(story.status).toBe(201);
      const page = async (who: Who, p: string) => {
        const res = await cat.server.fetch(p, { headers: headers(who) });
        expect(res.status, p).toBe(200);
        return res.text();
      };
      for (const prefix of ["", "/en", "/fr"]) {
        const html = await page("anna", `${prefix}/collections?tab=moodboards`);
        expect(html).toMatch(
          new RegExp(
            `<a[^>]*aria-current="page"[^>]*href="${prefix}/collections\\?tab=moodboards"|<a[^>]*href="${prefix}/collections\\?tab=moodboards"[^>]*aria-current="page"`,
          ),
        );
        expect(html).toContain(`href="${prefix}/collections/${coll}/moodboards/${made.body.data.id}"`);
        expect(html).toContain("Tavola d&#x27;oro");
        const stories = await page("anna", `${prefix}/collections?tab=stories`);
        expect(stories).toContain(`href="${prefix}/collections/${coll}/stories/${story.body.data.id}"`);
        expect(stories).toContain(`href="${prefix}/public/stories/${story.body.data.slug}"`);
        const ups = await page("anna", `${prefix}/collections?tab=uploads`);
        expect(ups).toContain('name="intent" value="deleteUpload"');
        expect(ups).toMatch(/<img src="\/uploads\/[A-Za-z0-9_-]{32}\.webp"/);
      }
      expect(await page("anna", "/collections?tab=uploads")).toContain("Confermi la cancellazione?");
      expect(await page("anna", "/en/collections?tab=stories")).toContain("Storia pubblica");
      // Bruno: his own only, and the empty states.
      expect(await page("bruno", "/collections?tab=moodboards")).toContain("Non hai ancora creato una moodboard.");
      expect(await page("bruno", "/en/collections?tab=stories")).toContain("You have not written a story yet.");
      const brunoUploads = await page("bruno", "/fr/collections?tab=uploads");
      expect(brunoUploads).not.toContain("Tavola");
      expect(brunoUploads).toContain("Fichiers : 1 sur 500");
      expect((await page("bruno", "/collections?tab=moodboards")).includes(made.body.data.id)).toBe(false);
      // The calls too: Bruno asking for the boards and stories of Anna's collection gets none.
      for (const collection of ["moodboards", "stories"])
        expect(
          (await call("/api/auth/docs/getDocs", "bruno", { collection, coll, pubblico: false, locale: "it" })).body.data,
          collection,
        ).toEqual([]);
      // The .data of a tab carries only the viewer's own.
      const data = await page("bruno", "/collections.data?tab=stories");
      expect(data).not.toContain(story.body.data.id);
      // Visitors go to the sign-in page.
      expect((await cat.server.fetch("/collections?tab=uploads")).status).toBe(302);
    });
  });
}
