import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { createUser } from "../../app/features/accounts/accounts.server";
import { savePage } from "../../app/features/site/site.server";
import { seededCatalogue } from "../setup/catalogue";
import { testDatabases } from "../setup/db";
import { makeRecord } from "../factories/records";

/**
 * Content pages edited in place (issue 16 §1, §3; decision 076): GET/POST /api/auth/backend/pages for
 * administrators only, the body's HTML sanitised on the server, the Italian text standing in for a language
 * without its own, every save a revision, a stale save 409 with the current text and nothing written, a new
 * page opened in place with ?new=1, an upload shown on a published page readable by its visitors.
 */
const PASSWORD = "Archivio-2026";
type Json = Record<string, any>;
const cookiePair = (res: Response) => (res.headers.getSetCookie().find((c) => /^(__Host-)?teca_session=/.test(c)) ?? "").split(";")[0]!;

for (const target of testDatabases()) {
  describe(`content pages edited in place on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const cookies: Record<string, string> = {};
    const get = (path: string, cookie?: string) => cat.server.fetch(path, { headers: cookie ? { Cookie: cookie } : {} });
    const load = async (slug: string, locale: string, cookie = cookies.admin) => {
      const res = await get(`/api/auth/backend/pages?slug=${slug}&locale=${locale}`, cookie);
      return { status: res.status, body: (await res.json()) as Json };
    };
    const save = async (body: Json, cookie = cookies.admin) => {
      const res = await cat.server.fetch("/api/auth/backend/pages", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: cat.server.base, ...(cookie ? { Cookie: cookie } : {}) },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => ({}))) as Json };
    };
    const page = (slug: string, locale: string, value: Json, version: number) => ({
      slug,
      locale,
      version,
      value: { title: "", html: "", description: "", published: false, ...value },
    });
    const revisions = async (slug: string) =>
      (await cat.db.rows<{ n: number }>(sql`select count(*)::int as n from revisions where kind = 'page' and key = ${slug}`))[0]!.n;
    const rows = async (slug: string) =>
      (await cat.db.rows<{ n: number }>(sql`select count(*)::int as n from pages where slug = ${slug}`))[0]!.n;

    beforeAll(async () => {
      cat = await seededCatalogue(target, [makeRecord({ id: "r1", texts: { it: { label: "Una scheda" } } })]);
      await savePage({ database: cat.db }, "home", "it", "Archivio", { hero: { title: "Archivio" }, sections: [] });
      for (const [key, email, roles] of [
        ["researcher", "ricerca@example.org", ["Ricercatore"]],
        ["manager", "manager@example.org", ["Manager"]],
        ["admin", "admin@example.org", ["Amministratore"]],
        ["admin2", "admin2@example.org", ["Amministratore"]],
      ] as const) {
        await createUser(
          { database: cat.db },
          { email, roles: [...roles], password: PASSWORD, firstName: key },
          { userId: null, address: "test" },
        );
        const res = await cat.server.fetch("/api/public/login", {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: cat.server.base },
          body: JSON.stringify({ email, password: PASSWORD }),
        });
        expect(res.status).toBe(200);
        cookies[key] = cookiePair(res);
      }
    });
    afterAll(async () => {
      await cat?.close();
    });

    it("refuses visitors (401) and non-administrators (404), the new-page view too; nothing written", async () => {
      const body = page("mostra", "it", { title: "Mostra", html: "<p>x</p>", published: true }, 0);
      expect((await get("/api/auth/backend/pages?slug=mostra&locale=it")).status).toBe(401);
      expect((await save(body, "")).status).toBe(401);
      for (const role of ["researcher", "manager"]) {
        expect((await load("mostra", "it", cookies[role])).status).toBe(404);
        expect((await save(body, cookies[role])).status).toBe(404);
        expect((await get("/mostra?new=1", cookies[role])).status).toBe(404);
      }
      expect((await get("/mostra?new=1")).status).toBe(404);
      expect(await rows("mostra")).toBe(0);
      expect(await revisions("mostra")).toBe(0);
      // slugs that are not a content page's: an app route, the home page, a malformed one
      for (const slug of ["cerca", "home", "Mostra", "mostra%20"]) {
        expect((await load(slug, "it")).status, slug).toBe(404);
        expect((await save({ ...body, slug })).status, slug).toBe(404);
      }
      expect((await get("/cerca?new=1", cookies.admin)).status).not.toBe(500);
      expect(await rows("home")).toBe(1);
    });

    it("creates a page in place: blank at first, sanitised on save, a revision; drafts stay hidden until published", async () => {
      const blank = await load("mostra", "it");
      expect(blank).toMatchObject({
        status: 200,
        body: { exists: false, fallback: false, version: 0, value: { title: "", html: "", published: false } },
      });
      const newView = await get("/mostra?new=1", cookies.admin);
      expect(newView.status).toBe(200);
      expect(await newView.text()).toContain("Questa pagina non esiste ancora");

      const html =
        '<h1>Le sale</h1><p onclick="alert(1)">Un <strong>percorso</strong><script>alert(2)</script></p><img src="/media/x.webp" alt="Sala" onerror="alert(3)"><a href="javascript:alert(4)">link</a>';
      const first = await save(page("mostra", "it", { title: "La mostra", html, description: "Le sale della mostra" }, 0));
      expect(first).toMatchObject({ status: 200, body: { status: "saved", version: 1 } });
      expect(await revisions("mostra")).toBe(1);
      const stored = await load("mostra", "it");
      expect(stored.body).toMatchObject({
        exists: true,
        version: 1,
        value: { title: "La mostra", description: "Le sale della mostra", published: false },
      });
      expect(stored.body.value.html).toContain("<h2>Le sale</h2>");
      expect(stored.body.value.html).toContain("<strong>percorso</strong>");
      expect(stored.body.value.html).toContain('src="/media/x.webp"');
      expect(stored.body.value.html).not.toMatch(/script|onclick|onerror|javascript:/);
      // unpublished: a visitor gets the 404 page, the admin the draft
      expect((await get("/mostra")).status).toBe(404);
      expect((await get("/mostra", cookies.admin)).status).toBe(200);
      // the same text again writes nothing
      expect((await save(page("mostra", "it", { ...stored.body.value }, 1))).body).toMatchObject({ status: "unchanged", version: 1 });
      expect(await revisions("mostra")).toBe(1);
      // published: every visitor sees it, sanitised
      expect((await save(page("mostra", "it", { ...stored.body.value, published: true }, 1))).body).toMatchObject({
        status: "saved",
        version: 2,
      });
      const visitor = await get("/mostra");
      expect(visitor.status).toBe(200);
      const text = await visitor.text();
      expect(text).toContain("<strong>percorso</strong>");
      expect(text).not.toContain("alert(");
      // a page that exists is no new page any more: ?new=1 shows it
      expect(await (await get("/mostra?new=1", cookies.admin)).text()).toContain("La mostra");
    });

    it("edits one language at a time: the Italian text stands in (marked fallback), a save makes the language's own", async () => {
      const fr = await load("mostra", "fr");
      expect(fr.body).toMatchObject({ exists: true, fallback: true, version: 0, value: { title: "La mostra" } });
      expect(
        (await save(page("mostra", "fr", { title: "L'exposition", html: "<p>Les <em>salles</em></p>", published: true }, 0))).body,
      ).toMatchObject({ status: "saved", version: 1 });
      expect((await load("mostra", "fr")).body).toMatchObject({
        fallback: false,
        version: 1,
        value: { title: "L'exposition", html: "<p>Les <em>salles</em></p>" },
      });
      expect(await (await get("/fr/mostra")).text()).toContain("L&#x27;exposition");
      expect(await (await get("/mostra")).text()).toContain("La mostra");
      // English still falls back to the Italian, and says so
      expect((await load("mostra", "en")).body).toMatchObject({ fallback: true, version: 0 });
    });

    it("a stale save is 409 with the current text and writes nothing; saving over it with the current version works", async () => {
      const start = await load("mostra", "it");
      const v = start.body.version as number;
      expect(
        (await save(page("mostra", "it", { ...start.body.value, title: "La mostra (rivista)" }, v), cookies.admin2)).body,
      ).toMatchObject({ status: "saved", version: v + 1 });
      const before = await revisions("mostra");
      const stale = await save(page("mostra", "it", { ...start.body.value, html: "<p>Il mio testo</p>" }, v));
      expect(stale.status).toBe(409);
      expect(stale.body.error.current).toMatchObject({
        version: v + 1,
        value: { title: "La mostra (rivista)" },
        author: expect.any(String),
      });
      expect(stale.body.error.current.value.html).toContain("percorso");
      expect(await revisions("mostra")).toBe(before);
      expect((await load("mostra", "it")).body.value.title).toBe("La mostra (rivista)");
      // "keep mine": the same text saved with the version it was shown
      expect((await save(page("mostra", "it", { ...start.body.value, html: "<p>Il mio testo</p>" }, v + 1))).body).toMatchObject({
        status: "saved",
        version: v + 2,
      });
      expect(await (await get("/mostra")).text()).toContain("Il mio testo");
    });

    it("refuses bad input with the field's message and changes nothing", async () => {
      const before = await revisions("mostra");
      const noTitle = await save(page("mostra", "it", { title: "  ", html: "<p>x</p>" }, 0));
      expect(noTitle.status).toBe(400);
      expect(noTitle.body.error.fields.title).toEqual([expect.stringMatching(/titolo/i)]);
      const longDescription = await save({ ...page("mostra", "en", { title: "x", description: "d".repeat(301) }, 0), locale: "en" });
      expect(longDescription.status).toBe(400);
      expect(longDescription.body.error.fields.description).toHaveLength(1);
      expect(
        (await save({ slug: "mostra", locale: "xx", version: 0, value: { title: "x", html: "", description: "", published: true } }))
          .status,
      ).toBe(400);
      expect((await save({ slug: "mostra", locale: "it", version: -1, value: { title: "x" } })).status).toBe(400);
      expect(await revisions("mostra")).toBe(before);
    });

    it("shows a Markdown page's body rendered; an upload on a published page is readable by its visitors, on a draft only by its owner", async () => {
      await save(page("storia", "it", { title: "Storia", html: "<p>x</p>" }, 0));
      const source = JSON.stringify("## Origini\n\nUna *famiglia*.");
      const md = await cat.db.rows(
        sql`update pages set content = jsonb_set(jsonb_set(content, '{format}', '"markdown"'), '{source}', ${source}::jsonb) where slug = 'storia' returning slug`,
      );
      expect(md).toHaveLength(1);
      expect((await load("storia", "it")).body.value.html).toMatch(/<h2[^>]*>Origini<\/h2>[\s\S]*<em>famiglia<\/em>/);

      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(png)]), "sala.png");
      form.append("locale", "it");
      const up = await cat.server.fetch("/api/auth/docs/uploadFile", {
        method: "POST",
        headers: { Cookie: cookies.admin!, Origin: cat.server.base },
        body: form,
      });
      expect(up.status).toBe(201);
      const url = ((await up.json()) as Json).data[0].url as string;
      // offered by the picker's uploads source
      const picker = await cat.server.fetch("/api/auth/docs/getImages", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: cat.server.base, Cookie: cookies.admin! },
        body: JSON.stringify({ locale: "it", source: "uploads", q: "" }),
      });
      expect(((await picker.json()) as Json).data.images.map((i: Json) => i.url)).toEqual([url]);
      const v = (await load("storia", "it")).body.version as number;
      expect((await save(page("storia", "it", { title: "Storia", html: `<p>La sala</p><img src="${url}" alt="">` }, v))).status).toBe(200);
      expect((await get(url)).status).toBe(404); // a draft's upload stays its owner's
      expect((await get(url, cookies.admin)).status).toBe(200);
      const draft = await load("storia", "it");
      expect(draft.body.value.html).toContain(`src="${url}"`);
      expect((await save(page("storia", "it", { ...draft.body.value, published: true }, draft.body.version))).status).toBe(200);
      expect(await (await get("/storia")).text()).toContain(`src="${url}"`);
      expect((await get(url)).status).toBe(200);
      // Another user's private upload cannot be put on a page (publishing it would make it public): refused like a missing one, nothing written.
      const theirs = new FormData();
      theirs.append("file", new Blob([new Uint8Array(png)]), "privata.png");
      theirs.append("locale", "it");
      const privata = await cat.server.fetch("/api/auth/docs/uploadFile", {
        method: "POST",
        headers: { Cookie: cookies.researcher!, Origin: cat.server.base },
        body: theirs,
      });
      expect(privata.status).toBe(201);
      const privataUrl = ((await privata.json()) as Json).data[0].url as string;
      const current = await load("storia", "it");
      const revs = await revisions("storia");
      const stolen = await save(
        page(
          "storia",
          "it",
          { ...current.body.value, html: `${current.body.value.html}<img src="${privataUrl}" alt="">` },
          current.body.version,
        ),
      );
      expect(stolen.status).toBe(404);
      expect(await revisions("storia")).toBe(revs);
      expect((await get(privataUrl)).status).toBe(404);
      // Its owner cannot delete it while the page shows it (decision 067): refused naming the page, the file kept.
      const listed = (
        (
          (await (
            await cat.server.fetch("/api/auth/docs/getDocs", {
              method: "POST",
              headers: { "Content-Type": "application/json", Origin: cat.server.base, Cookie: cookies.admin! },
              body: JSON.stringify({ collection: "uploads", locale: "it" }),
            })
          ).json()) as Json
        ).data as { id: string; url: string; uses: { type: string; id: string; coll: string; name: string }[] }[]
      ).find((u) => u.url === url)!;
      expect(listed.uses).toEqual([{ type: "pages", id: "storia", coll: "", name: "Storia" }]);
      const refused = await cat.server.fetch("/api/auth/docs/removeDoc", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: cat.server.base, Cookie: cookies.admin! },
        body: JSON.stringify({ collection: "uploads", name: listed.id, locale: "it" }),
      });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as Json).error.message).toContain("pagina «Storia»");
      expect((await get(url)).status).toBe(200);
    });
  });
}
