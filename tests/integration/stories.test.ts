import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../app/features/accounts/accounts.server";
import { createSession } from "../../app/.server/session";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeImage, makeRecord, tempDir } from "../factories/records";

/**
 * Issue 15 §3–§6, stories (decision 064), on both databases over HTTP with real sessions: the document calls
 * with `collection: "stories"`, the editor page and its `.data` URL, the public page and listing. Another
 * user's story (or collection) answers exactly like a missing one everywhere; rich text is sanitised; a stale
 * save is 409; unpublishing is a 404 at once; restricted records are left out of a published story and counted.
 */
for (const target of testDatabases()) {
  describe(`stories on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const cookie: Record<"anna" | "bruno" | "manager", string> = { anna: "", bruno: "", manager: "" };

    beforeAll(async () => {
      const dir = tempDir();
      process.env.UPLOADS_DIR = path.join(dir, "uploads");
      fs.mkdirSync(process.env.UPLOADS_DIR, { recursive: true });
      await makeImage(dir, "a.jpg");
      cat = await seededCatalogue(
        target,
        [
          makeRecord({
            id: "vaso",
            texts: { it: { label: "Vaso blu" } },
            media: [{ type: "image", file: "a.jpg" }],
            coordinates: { lat: 43.77, lng: 11.25 },
          }),
          makeRecord({ id: "piatto", texts: { it: { label: "Piatto decorato" } }, coordinates: { lat: 45.44, lng: 12.33 } }),
          makeRecord({ id: "segreto", access: 2, texts: { it: { label: "Reliquiario segreto" } }, coordinates: { lat: 41.9, lng: 12.5 } }),
        ],
        { dir },
      );
      const meta = { userAgent: "test", address: "127.0.0.1" };
      for (const [who, role] of [
        ["anna", "Ricercatore"],
        ["bruno", "Ricercatore"],
        ["manager", "Manager"],
      ] as const) {
        const user = await createUser(
          { database: cat.db },
          { email: `${who}-story@example.org`, roles: [role] },
          { userId: null, address: "test" },
        );
        cookie[who] = `teca_session=${(await createSession(cat.db, user.id, meta)).token}`;
      }
    });
    afterAll(async () => {
      delete process.env.WORKSPACE_MAX_STORIES;
      delete process.env.UPLOADS_DIR;
      await cat?.close();
    });

    type Who = keyof typeof cookie | "visitor";
    const headers = (who: Who, extra: Record<string, string> = {}) => ({ ...(who === "visitor" ? {} : { cookie: cookie[who] }), ...extra });
    const call = async (path: string, who: Who, body: unknown) => {
      const res = await cat.server.fetch(path, {
        method: "POST",
        headers: headers(who, { "content-type": "application/json", origin: cat.server.base }),
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as any, res };
    };
    const page = (path: string, who: Who) => cat.server.fetch(path, { headers: headers(who) });
    const save = (who: Who, name: string | undefined, data: Record<string, unknown>) =>
      call("/api/auth/docs/saveDoc", who, { collection: "stories", locale: "it", ...(name ? { name } : {}), data });
    const normalize = (html: string) =>
      html.replace(/nonce="[^"]*"/g, "").replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "");

    let coll = "";
    let story: { id: string; version: number; slug: string | null } = { id: "", version: 0, slug: null };
    const blocks = [
      { id: "h1", type: "heading", text: "Un vaso e il suo viaggio" },
      {
        id: "t1",
        type: "text",
        html: '<p onclick="steal()">Testo <strong>ricco</strong> <a href="javascript:alert(1)">cattivo</a> <a href="https://example.org/x" onmouseover="x()">buono</a></p><script>alert(1)</script><img src=x onerror=alert(1)><p style="color:red" class="x">fine</p>',
      },
      {
        id: "i1",
        type: "image",
        record: { table: "ca_objects", id: "vaso" },
        caption: "Il vaso",
        credit: "Foto archivio",
        alt: "Un vaso blu",
      },
      { id: "r1", type: "record", record: { table: "ca_objects", id: "piatto" } },
      { id: "q1", type: "quote", text: "Ogni oggetto racconta", cite: "Anonimo" },
      { id: "m1", type: "map" },
    ];

    it("creates a story in one's own collection, its rich text sanitised before it is stored", async () => {
      const c = await call("/api/auth/docs/saveDoc", "anna", {
        collection: "collections",
        locale: "it",
        data: { title: "Ceramiche", items: [{ table: "ca_objects", id: "vaso" }] },
      });
      expect(c.status).toBe(201);
      coll = c.body.data.id;
      const noTitle = await save("anna", undefined, { coll, title: " ", blocks: [] });
      expect(noTitle.status).toBe(400);
      expect(noTitle.body.error.message).toBe("Ricordati di inserire il titolo");
      const r = await save("anna", undefined, { coll, title: "Il viaggio del vaso", blocks });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      story = { id: r.body.data.id, version: r.body.data.version, slug: null };
      expect(r.body.data).toMatchObject({ coll, name: "Il viaggio del vaso", type: "stories", public: false, slug: null, hidden: 0 });
      const html = r.body.data.content.find((b: { id: string }) => b.id === "t1").html as string;
      expect(html).not.toMatch(/script|onclick|onerror|onmouseover|javascript:|style=|class=|<img/i);
      expect(html).toContain("<strong>ricco</strong>");
      expect(html).toContain('<a href="https://example.org/x" rel="noopener noreferrer nofollow" target="_blank">buono</a>');
      expect(html).toContain("<p>fine</p>");
      const stored = await cat.db.rows<{ blocks: unknown }>(
        (await import("drizzle-orm")).sql`select blocks from stories where id = ${story.id}`,
      );
      expect(JSON.stringify(stored[0]!.blocks)).not.toMatch(/script|onclick|javascript:/i);
      expect(r.body.data.content.find((b: { id: string }) => b.id === "i1").card.preferred_label).toBe("Vaso blu");

      const list = await call("/api/auth/docs/getDocs", "anna", { collection: "stories", pubblico: false, coll, locale: "it" });
      expect(list.body.data.map((s: { id: string }) => s.id)).toEqual([story.id]);
      // Bad blocks change nothing: an unknown type, a record that does not exist, a restricted one for a researcher.
      for (const bad of [
        [{ id: "x", type: "video" }],
        [{ id: "x", type: "record", record: { table: "ca_objects", id: "nessuno" } }],
        [{ id: "x", type: "record", record: { table: "ca_objects", id: "segreto" } }],
      ]) {
        const b = await save("anna", story.id, { version: story.version, blocks: bad });
        expect(b.status, JSON.stringify(bad)).toBe(400);
      }
    });

    it("another user's story or collection answers exactly like a missing one on every call and page", async () => {
      const missing = "AAAAAAAAAAAA";
      const pairs: [string, Record<string, unknown>][] = [
        ["saveDoc", { collection: "stories", name: story.id, data: { title: "Preso", version: story.version } }],
        ["saveDoc", { collection: "stories", name: story.id, data: { public: true } }],
        ["saveDoc", { collection: "stories", data: { coll, title: "Nella collezione di Anna" } }],
        ["removeDoc", { collection: "stories", name: story.id }],
        ["getDocBySlug", { collection: "stories", slug: story.id }],
      ];
      for (const [name, body] of pairs) {
        const theirs = await call(`/api/auth/docs/${name}`, "bruno", { ...body, locale: "it" });
        const none = await call(
          `/api/auth/docs/${name}`,
          "bruno",
          JSON.parse(
            JSON.stringify({ ...body, locale: "it" })
              .replaceAll(story.id, missing)
              .replaceAll(coll, missing),
          ),
        );
        expect(theirs.status, name).toBe(404);
        expect(theirs.body, name).toEqual(none.body);
      }
      const listed = await call("/api/auth/docs/getDocs", "bruno", { collection: "stories", pubblico: false, locale: "it" });
      expect(listed.body.data).toEqual([]);
      for (const who of ["visitor"] as const) {
        for (const name of ["saveDoc", "removeDoc"])
          expect((await call(`/api/auth/docs/${name}`, who, { collection: "stories", name: story.id })).status).toBe(401);
      }
      for (const p of [
        `/collections/${coll}/stories/${story.id}`,
        `/en/collections/${coll}/stories/add`,
        `/collections/${coll}/stories/${story.id}.data`,
      ]) {
        const theirs = await page(p, "bruno");
        const none = await page(p.replaceAll(story.id, missing).replaceAll(coll, missing), "bruno");
        expect(theirs.status, p).toBe(404);
        // The same page but for the address it repeats (the language links).
        expect(normalize((await theirs.text()).replaceAll(story.id, missing).replaceAll(coll, missing)), p).toBe(
          normalize(await none.text()),
        );
      }
      // The editor's own posts (its action, also reached by `.data`) answer another user the same 404.
      for (const p of [`/collections/${coll}/stories/${story.id}`, `/collections/${coll}/stories/${story.id}.data`]) {
        for (const body of [
          { intent: "delete" },
          { intent: "publish", public: true },
          { intent: "save", title: "Preso", blocks: [], version: story.version },
        ]) {
          const res = await cat.server.fetch(p, {
            method: "POST",
            headers: headers("bruno", { "content-type": "application/json", origin: cat.server.base }),
            body: JSON.stringify(body),
          });
          expect(res.status, `${p} ${body.intent}`).toBe(404);
        }
      }
      // Nothing changed.
      const mine = await call("/api/auth/docs/getDocBySlug", "anna", { collection: "stories", slug: story.id, locale: "it" });
      expect(mine.body.data).toMatchObject({ name: "Il viaggio del vaso", version: story.version, public: false });
      const editor = await page(`/collections/${coll}/stories/${story.id}`, "anna");
      expect(editor.status).toBe(200);
      expect(await editor.text()).toContain("Il viaggio del vaso");
      expect((await page(`/collections/${coll}/stories/${story.id}.data`, "anna")).status).toBe(200);
      const listing = await page(`/collections/${coll}`, "anna");
      expect(await listing.text()).toContain(`/collections/${coll}/stories/${story.id}`);
    });

    it("a save carrying an older version is refused with 409 and changes nothing", async () => {
      const first = await save("anna", story.id, { version: story.version, title: "Il viaggio del vaso blu", blocks });
      expect(first.status).toBe(200);
      expect(first.body.data.version).toBe(story.version + 1);
      const staleEditor = await cat.server.fetch(`/collections/${coll}/stories/${story.id}.data`, {
        method: "POST",
        headers: headers("anna", { "content-type": "application/json", origin: cat.server.base }),
        body: JSON.stringify({ intent: "save", title: "Dall'editor", blocks: [], version: story.version }),
      });
      expect(staleEditor.status).toBe(409);
      const stale = await save("anna", story.id, { version: story.version, title: "Sovrascritto", blocks: [] });
      expect(stale.status).toBe(409);
      expect(stale.body.error.message).toMatch(/ricarica/i);
      const noVersion = await save("anna", story.id, { title: "Senza versione" });
      expect(noVersion.status).toBe(400);
      story.version = first.body.data.version;
      const now = await call("/api/auth/docs/getDocBySlug", "anna", { collection: "stories", slug: story.id, locale: "it" });
      expect(now.body.data).toMatchObject({ name: "Il viaggio del vaso blu", version: story.version });
      expect(now.body.data.content).toHaveLength(blocks.length);
    });

    it("publishing shows it to anyone with share tags; restricted records are left out and counted; unpublishing is a 404 at once", async () => {
      // The manager's story embeds a restricted record next to visible ones.
      const mc = await call("/api/auth/docs/saveDoc", "manager", { collection: "collections", locale: "it", data: { title: "Riservati" } });
      const m = await save("manager", undefined, {
        coll: mc.body.data.id,
        title: "Tesori nascosti",
        public: true,
        blocks: [
          { id: "r1", type: "record", record: { table: "ca_objects", id: "segreto" } },
          { id: "r2", type: "record", record: { table: "ca_objects", id: "piatto" } },
          { id: "m", type: "map" },
        ],
      });
      expect(m.status, JSON.stringify(m.body)).toBe(201);
      const slugM = m.body.data.slug as string;
      const forVisitor = await call("/api/public/docs/getDocBySlug", "visitor", { collection: "stories", slug: slugM, locale: "it" });
      expect(forVisitor.body.data.hidden).toBe(1);
      expect(JSON.stringify(forVisitor.body.data)).not.toMatch(/segreto|Reliquiario/);
      expect(forVisitor.body.data.points.map((p: { id: string }) => p.id)).toEqual(["piatto"]);
      const pub = await page(`/public/stories/${slugM}`, "visitor");
      const pubHtml = await pub.text();
      expect(pub.status).toBe(200);
      expect(pubHtml).not.toMatch(/segreto|Reliquiario/);
      expect(pubHtml).toMatch(/1 scheda riservata/);
      const forManager = await call("/api/public/docs/getDocBySlug", "manager", { collection: "stories", slug: slugM, locale: "it" });
      expect(forManager.body.data.hidden).toBe(0);
      expect(forManager.body.data.points).toHaveLength(2);

      const on = await save("anna", story.id, { public: true });
      expect(on.status).toBe(200);
      const slug = on.body.data.slug as string;
      expect(slug).toMatch(/^il-viaggio-del-vaso-blu-[a-z0-9]{8}$/);
      const res = await page(`/en/public/stories/${slug}`, "visitor");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toMatch(/no-cache|no-store/);
      const html = await res.text();
      expect(html).toContain('property="og:title" content="Il viaggio del vaso blu"');
      expect(html).toMatch(/property="og:image" content="http[^"]+"/);
      expect(html).toContain('name="twitter:card" content="summary_large_image"');
      expect(html).toMatch(/hreflang="fr" href="[^"]*\/fr\/public\/stories\//i);
      expect(html).toContain("<strong>ricco</strong>");
      expect(html).not.toMatch(/javascript:|onclick|<script>alert/);
      expect(html).toContain("Foto archivio");
      const listing = await page("/public/stories", "visitor");
      const listHtml = await listing.text();
      expect(listHtml).toContain(`/public/stories/${slug}`);
      expect(listHtml).toContain(`/public/stories/${slugM}`);
      const publicList = await call("/api/public/docs/getDocs", "visitor", { collection: "stories", locale: "it" });
      expect(publicList.body.data.map((s: { slug: string }) => s.slug).sort()).toEqual([slug, slugM].sort());
      expect(JSON.stringify(publicList.body.data)).not.toContain(story.id);

      const off = await save("anna", story.id, { public: false });
      expect(off.status).toBe(200);
      expect((await page(`/public/stories/${slug}`, "visitor")).status).toBe(404);
      expect((await page(`/public/stories/${slug}.data`, "visitor")).status).toBe(404);
      expect((await call("/api/public/docs/getDocBySlug", "visitor", { collection: "stories", slug, locale: "it" })).status).toBe(404);
      expect(await (await page("/public/stories", "visitor")).text()).not.toContain(slug);
      // Publishing again brings back the same address.
      const again = await save("anna", story.id, { public: true });
      expect(again.body.data.slug).toBe(slug);
      expect((await page(`/public/stories/${slug}`, "visitor")).status).toBe(200);
    });

    it("an image may be one of the writer's uploads: another user's is refused; publishing lets anyone read it", async () => {
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } })
        .png()
        .toBuffer();
      const upload = async (who: Who) => {
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(png)]), "foto.png");
        form.append("locale", "it");
        const res = await cat.server.fetch("/api/auth/docs/uploadFile", {
          method: "POST",
          headers: headers(who, { origin: cat.server.base }),
          body: form,
        });
        expect(res.status).toBe(201);
        return ((await res.json()) as { data: { url: string }[] }).data[0]!.url;
      };
      const mine = await upload("anna");
      const theirs = await upload("bruno");
      await save("anna", story.id, { public: false });
      story.version = (
        await call("/api/auth/docs/getDocBySlug", "anna", { collection: "stories", slug: story.id, locale: "it" })
      ).body.data.version;
      const image = (url: string) => [{ id: "u", type: "image", url, caption: "Caricata", credit: "", alt: "Una foto" }];
      expect((await save("anna", story.id, { version: story.version, blocks: image(theirs) })).status).toBe(400);
      const ok = await save("anna", story.id, { version: story.version, blocks: image(mine) });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      story.version = ok.body.data.version;
      expect((await page(mine, "visitor")).status).toBe(404);
      const pub = await save("anna", story.id, { public: true });
      story.version = pub.body.data.version;
      const read = await page(mine, "visitor");
      expect(read.status).toBe(200);
      expect(read.headers.get("content-type")).toMatch(/^image\//);
      expect(await (await page(`/public/stories/${pub.body.data.slug}`, "visitor")).text()).toContain(`src="${mine}"`);
      expect((await page(theirs, "visitor")).status).toBe(404);
      await save("anna", story.id, { public: false });
      expect((await page(mine, "visitor")).status).toBe(404);
    });

    it("the story limit is a clear refusal; removing deletes only one's own", async () => {
      process.env.WORKSPACE_MAX_STORIES = "1";
      const over = await save("anna", undefined, { coll, title: "Una seconda" });
      expect(over.status).toBe(409);
      expect(over.body.error.message).toContain("1");
      delete process.env.WORKSPACE_MAX_STORIES;
      const gone = await call("/api/auth/docs/removeDoc", "anna", { collection: "stories", name: story.id, locale: "it" });
      expect(gone.status).toBe(200);
      expect((await call("/api/auth/docs/removeDoc", "anna", { collection: "stories", name: story.id, locale: "it" })).status).toBe(404);
    });
  });
}
