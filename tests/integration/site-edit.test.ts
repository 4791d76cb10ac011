import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createUser } from "../../app/features/accounts/accounts.server";
import { savePage } from "../../app/features/site/site.server";
import type { HomeContent } from "../../app/features/site/options";
import type { Conflict, HistoryEntry, ItemState } from "../../app/features/settings/settings.server";
import type { PickerPage } from "../../app/components/editor/images";
import { seededCatalogue } from "../setup/catalogue";
import { testDatabases } from "../setup/db";
import { makeImage, makeRecord, tempDir } from "../factories/records";

/**
 * In-place editing (issue 16 §1, decision 074): the admin bar for ADMIN only, the home page saved through the
 * settings service (validation, sanitised HTML, revisions, 409 on a stale save, restore), the image picker's
 * search, the new admin-bar options — each endpoint refused to visitors and non-administrators.
 */
const PASSWORD = "Archivio-2026";
/** What the calls answer here (app/features/settings/settings.server.ts, the picker's getImages). */
type State<T = HomeContent> = Omit<ItemState, "value"> & { value: T };
type ApiError = {
  error: { code: number; message: string; fields?: Record<string, string>; current?: Omit<Conflict, "value"> & { value: HomeContent } };
};
type Images = { data: PickerPage };
type History = { entries: HistoryEntry[] };
const cookiePair = (res: Response) => (res.headers.getSetCookie().find((c) => /^(__Host-)?teca_session=/.test(c)) ?? "").split(";")[0]!;

const HOME: HomeContent = {
  hero: { title: "Archivio Valdameri", subtitle: "Due secoli di seta", image: { table: "ca_objects", id: "pic" } },
  sections: [
    { kind: "records", title: "In evidenza", text: "Una selezione.", refs: [{ table: "ca_objects", id: "pic" }] },
    { kind: "text", title: "L'archivio", text: "Le carte della famiglia." },
  ],
};

for (const target of testDatabases()) {
  describe(`in-place editing on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const cookies: Record<string, string> = {};
    const get = (path: string, cookie?: string) => cat.server.fetch(path, { headers: cookie ? { Cookie: cookie } : {} });
    const post = (body: unknown, cookie?: string) =>
      cat.server.fetch("/api/auth/backend/settings", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: cat.server.base, ...(cookie ? { Cookie: cookie } : {}) },
        body: JSON.stringify(body),
      });
    const state = async <T = HomeContent>(key: string, locale = "it", cookie = cookies.admin) =>
      (await (await get(`/api/auth/backend/settings?key=${key}&locale=${locale}`, cookie)).json()) as State<T>;
    const revisionCount = async () => (await cat.db.rows<{ n: number }>(sql`select count(*)::int as n from revisions`))[0]!.n;

    beforeAll(async () => {
      const dir = tempDir();
      await makeImage(dir, "pic.jpg", 800, 600, "#a0522d");
      cat = await seededCatalogue(
        target,
        [
          makeRecord({
            id: "pic",
            texts: { it: { label: "Veduta del porto" }, fr: { label: "Vue du port" } },
            media: [{ type: "image", file: "pic.jpg" }],
          }),
          makeRecord({ id: "plain", texts: { it: { label: "Lettera senza immagini" } } }),
        ],
        { dir },
      );
      await savePage({ database: cat.db }, "home", "it", HOME.hero.title, HOME);
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

    it("shows the admin bar to administrators only, and refuses every new endpoint to anyone else", async () => {
      const visitorHome = await (await get("/")).text();
      expect(visitorHome).not.toContain("admin-bar");
      expect(visitorHome).toContain("Archivio Valdameri");
      for (const role of ["researcher", "manager"]) expect(await (await get("/", cookies[role])).text()).not.toContain('class="admin-bar"');
      for (const [prefix, label, edit] of [
        ["", "Barra di amministrazione", "Modifica le pagine"],
        ["/en", "Administration bar", "Edit the pages"],
        ["/fr", "Barre d&#x27;administration", "Modifier les pages"],
      ] as const) {
        const html = await (await get(prefix || "/", cookies.admin)).text();
        expect(html).toContain(`aria-label="${label}"`);
        expect(html).toContain(edit);
        expect(html).toContain('role="switch"');
        expect(html).toContain(`href="${prefix}/console"`);
        expect(html).toContain(`href="${prefix}/settings"`);
        // no back end configured in tests: the catalogue link is /admin, which leads to the console
        expect(html).toContain(`href="${prefix}/admin"`);
      }
      const admin = await get("/fr/admin", cookies.admin);
      expect(admin.status).toBe(302);
      expect(admin.headers.get("location")).toBe("/fr/console");
      expect((await get("/admin")).status).toBe(302);
      expect((await get("/admin")).headers.get("location")).toContain("login?redirect=");
      for (const role of ["researcher", "manager"]) expect((await get("/admin", cookies[role])).status).toBe(404);

      // the image picker (the editors' one: getImages over the catalogue and the uploads, decision 076)
      const images = (body: unknown, cookie?: string) =>
        cat.server.fetch("/api/auth/docs/getImages", {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: cat.server.base, ...(cookie ? { Cookie: cookie } : {}) },
          body: JSON.stringify(body),
        });
      expect((await images({ source: "catalogue", q: "porto" })).status).toBe(401);
      const found = (await (await images({ locale: "it", source: "catalogue", q: "porto" }, cookies.admin)).json()) as Images;
      expect(found.data.images).toHaveLength(1);
      expect(found.data.images[0]).toMatchObject({ ref: { table: "ca_objects", id: "pic" }, title: "Veduta del porto" });
      expect(found.data.images[0].thumb).toMatch(/^\/media\//);
      // records without an image are never offered; the admin's uploads are their own (none yet)
      expect(
        ((await (await images({ locale: "it", source: "catalogue", q: "Lettera" }, cookies.admin)).json()) as Images).data.images,
      ).toEqual([]);
      expect(((await (await images({ locale: "it", source: "uploads", q: "" }, cookies.admin)).json()) as Images).data.images).toEqual([]);
      expect((await images({ locale: "it", source: "catalogue", q: "x".repeat(201) }, cookies.admin)).status).toBe(400);
      // the old site-edit search is gone
      expect((await get("/api/auth/backend/site-edit/images?q=porto", cookies.admin)).status).toBe(404);

      // the home item through the settings API
      const before = await revisionCount();
      expect((await get("/api/auth/backend/settings?key=home&locale=it")).status).toBe(401);
      expect((await post({ key: "home", locale: "it", value: HOME, version: 0 })).status).toBe(401);
      for (const role of ["researcher", "manager"]) {
        expect((await get("/api/auth/backend/settings?key=home&locale=it", cookies[role])).status).toBe(404);
        expect((await post({ key: "home", locale: "it", value: HOME, version: 0 }, cookies[role])).status).toBe(404);
      }
      expect(await revisionCount()).toBe(before);
    });

    it("saves the home page per language through the settings service: validated, sanitised, a revision, 409 when stale, restorable", async () => {
      const it0 = await state("home");
      expect(it0).toMatchObject({ key: "home", scope: "locale", fallback: false, version: 0 });
      expect(it0.value.hero.title).toBe("Archivio Valdameri");
      // French has no home of its own: the Italian one stands in, marked as such
      const fr0 = await state("home", "fr");
      expect(fr0).toMatchObject({ fallback: true, version: 0 });
      expect(fr0.value.hero.title).toBe("Archivio Valdameri");

      // refused values change nothing
      const before = await revisionCount();
      const bad = [
        { ...HOME, hero: { ...HOME.hero, links: [1, 2, 3, 4].map((n) => ({ label: `L${n}`, path: "/cerca" })) } }, // at most 3 links
        { ...HOME, hero: { ...HOME.hero, links: [{ label: "x", path: "javascript:alert(1)" }] } },
        { ...HOME, sections: [{ kind: "text", title: "T", background: "pink" }] },
        {
          ...HOME,
          sections: [{ kind: "records", title: "T", refs: Array.from({ length: 101 }, (_, i) => ({ table: "ca_objects", id: `r${i}` })) }],
        },
        { ...HOME, hero: { ...HOME.hero, onload: "x" } },
      ];
      for (const value of bad) {
        const res = await post({ key: "home", locale: "it", value, version: 0 }, cookies.admin);
        expect(res.status, JSON.stringify(value).slice(0, 80)).toBe(400);
        expect(((await res.json()) as ApiError).error.fields).toBeTruthy();
      }
      expect(await revisionCount()).toBe(before);

      // a French save: the Italian text stays, the French one is written, sanitised
      const fr: HomeContent = structuredClone(HOME);
      fr.hero.title = "Archives Valdameri";
      fr.hero.links = [{ label: "Explorer", path: "/cerca" }];
      fr.sections[1]!.html =
        '<p onclick="x()">Les <strong>papiers</strong><script>alert(1)</script> <a href="javascript:alert(1)">lien</a></p>';
      delete fr.sections[1]!.text;
      const saved = await post({ key: "home", locale: "fr", value: fr, version: 0 }, cookies.admin);
      expect(saved.status).toBe(200);
      expect(await saved.json()).toMatchObject({ status: "saved", version: 1 });
      const [row] = await cat.db.rows<{ title: string; content: HomeContent }>(
        sql`select title, content from pages where slug = 'home' and locale = 'fr'`,
      );
      expect(row!.title).toBe("Archives Valdameri");
      expect(row!.content.sections[1]!.html).toBe("<p>Les <strong>papiers</strong> <a>lien</a></p>");
      expect((await state("home", "it")).value.hero.title).toBe("Archivio Valdameri");
      const frPage = await (await get("/fr")).text();
      expect(frPage).toContain("Archives Valdameri");
      expect(frPage).toContain("<strong>papiers</strong>");
      expect(frPage).not.toContain("alert(1)");
      expect(frPage).toMatch(/class="hero__links"[\s\S]*Explorer/);
      // the revision: who, when, what changed
      const history = (await (await get("/api/auth/backend/settings?key=home&locale=fr&history", cookies.admin)).json()) as History;
      expect(history.entries[0]).toMatchObject({ version: 1, author: "admin@example.org", removed: false });
      expect(history.entries[0]!.diff.some((l) => l?.op === "add" && l.text === "hero.title: Archives Valdameri")).toBe(true);
      const audit = await cat.db.rows<{ detail: Record<string, unknown> }>(
        sql`select detail from audit_log where event = 'settings_changed' order by id desc limit 1`,
      );
      expect(audit[0]!.detail).toMatchObject({ key: "home", locale: "fr", version: 1 });

      // two administrators: the second, still on version 0, gets 409 with the text saved meanwhile
      const theirs = structuredClone(fr);
      theirs.hero.title = "Archives de la famille";
      const stale = await post({ key: "home", locale: "fr", value: theirs, version: 0 }, cookies.admin2);
      expect(stale.status).toBe(409);
      const conflict = ((await stale.json()) as ApiError).error.current!;
      expect(conflict).toMatchObject({ version: 1, author: "admin@example.org" });
      expect(conflict.value.hero.title).toBe("Archives Valdameri");
      expect((await state("home", "fr")).value.hero.title).toBe("Archives Valdameri");
      // saving over it knowingly (the version it was shown) works
      expect((await post({ key: "home", locale: "fr", value: theirs, version: 1 }, cookies.admin2)).status).toBe(200);
      expect(await (await get("/fr")).text()).toContain("Archives de la famille");

      // restore version 1 from the history: a new revision, the old hero back on the page
      const restored = await post({ key: "home", locale: "fr", restore: 1, version: 2 }, cookies.admin);
      expect(restored.status).toBe(200);
      expect(await restored.json()).toMatchObject({ status: "saved", version: 3 });
      expect(await (await get("/fr")).text()).toContain("Archives Valdameri");
      const after = (await (await get("/api/auth/backend/settings?key=home&locale=fr&history", cookies.admin)).json()) as History;
      expect(after.entries[0]).toMatchObject({ version: 3, restoredFrom: 1 });
      // the settings page lists the item with its history
      const contents = await (await get("/fr/settings/contents?history=home", cookies.admin)).text();
      expect(contents).toContain("Page d&#x27;accueil (en-tête et sections)");
    });

    it("validates the admin bar's options and applies them", async () => {
      for (const [key, good, bad] of [
        ["adminUrl", "https://catalogo.example.org/providence", "javascript:alert(1)"],
        ["adminNewTab", true, "yes"],
        ["hideEdit", true, 1],
      ] as const) {
        const version = (await state(key)).version as number;
        expect((await post({ key, locale: "it", value: bad, version }, cookies.admin)).status, key).toBe(400);
        expect((await post({ key, locale: "it", value: good, version }, cookies.admin)).status, key).toBe(200);
      }
      const html = await (await get("/en", cookies.admin)).text();
      expect(html).toContain('href="https://catalogo.example.org/providence" target="_blank" rel="noopener noreferrer"');
      expect(html).toContain("(opens in a new tab)");
      expect(html).not.toContain('role="switch"'); // hideEdit
    });

    it("a home section's text shows the administrator's own upload to visitors; another user's is refused; one in use is not deleted", async () => {
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } })
        .png()
        .toBuffer();
      const upload = async (cookie: string) => {
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(png)]), "sala.png");
        form.append("locale", "it");
        const res = await cat.server.fetch("/api/auth/docs/uploadFile", {
          method: "POST",
          headers: { Cookie: cookie, Origin: cat.server.base },
          body: form,
        });
        expect(res.status).toBe(201);
        return ((await res.json()) as { data: { id: string; url: string }[] }).data[0]!;
      };
      const mine = await upload(cookies.admin!);
      const theirs = await upload(cookies.researcher!);
      expect((await get(mine.url)).status).toBe(404); // private until published
      const withImage = (url: string) => {
        const value: HomeContent = structuredClone((current as State).value);
        value.sections = [...value.sections, { kind: "text", title: "La sala", html: `<p>La sala</p><img src="${url}" alt="La sala">` }];
        return value;
      };
      let current = await state("home");
      const before = await revisionCount();
      const refused = await post({ key: "home", locale: "it", value: withImage(theirs.url), version: current.version }, cookies.admin);
      expect(refused.status).toBe(400);
      expect(await revisionCount()).toBe(before);
      expect((await get(theirs.url)).status).toBe(404);
      const saved = await post({ key: "home", locale: "it", value: withImage(mine.url), version: current.version }, cookies.admin);
      expect(saved.status).toBe(200);
      expect(await (await get("/")).text()).toContain(`src="${mine.url}"`);
      expect((await get(mine.url)).status).toBe(200);
      // its owner cannot delete it while the home page shows it
      const removed = await cat.server.fetch("/api/auth/docs/removeDoc", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: cat.server.base, Cookie: cookies.admin! },
        body: JSON.stringify({ collection: "uploads", name: mine.id, locale: "it" }),
      });
      expect(removed.status).toBe(409);
      // a later save by another administrator keeps the image already there
      current = await state("home");
      const again = structuredClone(current.value);
      again.hero.title = "Archivio Valdameri, sale";
      expect((await post({ key: "home", locale: "it", value: again, version: current.version }, cookies.admin2)).status).toBe(200);
    });
  });
}
