import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createUser } from "../../app/features/accounts/accounts.server";
import { seededCatalogue } from "../setup/catalogue";
import { testDatabases } from "../setup/db";
import { makeRecord } from "../factories/records";
import type { ItemState } from "../../app/features/settings/settings.server";

/**
 * Further languages (issue 16 §3, spec §2/§7/§9, decision 075): `addLanguage {locale}` for ADMIN only, a
 * locale off the documented list refused; an enabled language's pages answer in its messages with the
 * Italian content (search included), a disabled one's are 404; the header offers one switch with two
 * languages and a menu with more.
 */
const PASSWORD = "Archivio-2026";
/** What the calls answer here: a refusal, and a settings item's state (app/features/settings/settings.server.ts). */
type ApiError = { error: { code: number; message: string } };
type SettingState = Pick<ItemState, "key" | "version" | "value">;

for (const target of testDatabases()) {
  describe(`languages on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const cookies: Record<string, string> = {};
    const get = (p: string, who?: string) => cat.server.fetch(p, { headers: who ? { Cookie: cookies[who]! } : {} });
    const add = (body: unknown, who?: string) =>
      cat.server.fetch("/api/auth/docs/addLanguage", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: cat.server.base, ...(who ? { Cookie: cookies[who]! } : {}) },
        body: JSON.stringify(body),
      });

    beforeAll(async () => {
      cat = await seededCatalogue(target, [makeRecord({ id: "f1", texts: { it: { label: "Ventaglio dipinto" } } })]);
      for (const [key, role] of [
        ["researcher", "Ricercatore"],
        ["manager", "Manager"],
        ["admin", "Amministratore"],
      ] as const) {
        const email = `${key}@example.org`;
        await createUser(
          { database: cat.db },
          { email, roles: [role], password: PASSWORD, firstName: key },
          { userId: null, address: "test" },
        );
        const res = await cat.server.fetch("/api/public/login", {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: cat.server.base },
          body: JSON.stringify({ email, password: PASSWORD }),
        });
        expect(res.status).toBe(200);
        cookies[key] = res.headers
          .getSetCookie()
          .find((c) => /^(__Host-)?teca_session=/.test(c))!
          .split(";")[0]!;
      }
    });
    afterAll(async () => {
      await cat?.close();
    });

    it("addLanguage is the Amministratore's; an unknown locale is refused; the enabled language answers in German with the Italian content", async () => {
      // by default: Italian, English, French; German is mounted but answers 404
      expect((await get("/de")).status).toBe(404);
      expect((await get("/de/cerca")).status).toBe(404);
      expect((await get("/lang/de?next=/")).status).toBe(404);
      // nor a feed, nor JSON-LD by negotiation, nor the robots' mention of its feed (issue 30 §3)
      expect((await get("/de/feed.atom")).status).toBe(404);
      const ldHeaders = { headers: { accept: "application/ld+json" } };
      expect((await cat.server.fetch("/de/oggetti/f1", ldHeaders)).status).toBe(404);
      expect((await cat.server.fetch("/ld/oggetti/f1?locale=de")).status).toBe(404);
      expect(await (await get("/robots.txt")).text()).toMatch(/feed\.atom \(also \/en\/feed\.atom, \/fr\/feed\.atom\)$/m);
      const home = await (await get("/en")).text();
      expect(home).toMatch(/<nav aria-label="Language" class="lang-switch"><ul>/);
      expect(home).not.toContain('hrefLang="de"');
      // who may: visitors 401, Ricercatore and Manager 404, nothing changed
      expect((await add({ locale: "de" })).status).toBe(401);
      for (const who of ["researcher", "manager"]) expect((await add({ locale: "de" }, who)).status, who).toBe(404);
      for (const locale of ["xx", "es", "it", ""]) {
        const res = await add({ locale, lang: "en" }, "admin");
        expect(res.status, locale).toBe(400);
        expect(((await res.json()) as ApiError).error.message).toBe("Language not available: en, fr and de can be added.");
      }
      expect((await cat.db.rows(sql`select 1 from revisions where kind = 'option' and key = 'languages'`)).length).toBe(0);
      expect((await get("/de")).status).toBe(404);
      // the Amministratore enables German
      const ok = await add({ locale: "de" }, "admin");
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ status: "saved", languages: ["it", "en", "fr", "de"] });
      const de = await get("/de");
      expect(de.status).toBe(200);
      const deHtml = await de.text();
      expect(deHtml).toContain('<html lang="de"');
      expect(deHtml).toContain("Zum Inhalt springen");
      expect(deHtml).toContain('hrefLang="de"'); // a language menu of four
      // its own Atom feed, linked from its home page: German messages and links, the Italian titles marked
      expect(deHtml).toMatch(/<link rel="alternate" type="application\/atom\+xml" title="[^"]+" href="[^"]*\/de\/feed\.atom"/);
      const feed = await get("/de/feed.atom");
      expect(feed.status).toBe(200);
      const atom = await feed.text();
      expect(atom).toContain('xml:lang="de"');
      expect(atom).toMatch(/<title xml:lang="it">Ventaglio dipinto<\/title>/);
      expect(atom).toContain("/de/oggetti/f1");
      expect(atom).toContain(`href="${cat.server.base}/de/feed.atom"`);
      // the record page's JSON-LD by negotiation, as for English and French (the Italian texts)
      const ld = await cat.server.fetch("/de/oggetti/f1", ldHeaders);
      expect(ld.status).toBe(200);
      expect(ld.headers.get("content-type")).toMatch(/^application\/ld\+json/);
      expect(ld.headers.get("vary")).toMatch(/Accept/);
      expect(JSON.stringify(await ld.json())).toContain("Ventaglio dipinto");
      expect(await (await get("/robots.txt")).text()).toMatch(/\(also \/en\/feed\.atom, \/fr\/feed\.atom, \/de\/feed\.atom\)$/m);
      // search: the Italian documents, links kept under /de
      const search = await (await get("/de/cerca?q=ventaglio")).text();
      expect(search).toContain("Ventaglio dipinto");
      expect(search).toMatch(/1 Ergebnis|Ergebnisse/);
      expect(search).toContain('href="/de/oggetti/f1');
      const lang = await get("/lang/de?next=/cerca");
      expect(lang.status).toBe(302);
      expect(lang.headers.get("location")).toBe("/de/cerca");
      // the settings show it, as a revision of the languages option
      const settings = await (await get("/de/settings/general", "admin")).text();
      expect(settings).toContain("Sprachen der Website");
      expect(settings).toMatch(/<input[^>]*name="de"[^>]*checked/);
      const revs = await cat.db.rows<{ version: number }>(
        sql`select version from revisions where kind = 'option' and key = 'languages' order by version`,
      );
      expect(revs.map((r) => r.version)).toEqual([1]);
    });

    it("alternates list the enabled languages (a German page itself); content shown in another language than the page's carries its lang", async () => {
      const setting = async (key: string, locale: string, value: unknown) => {
        const cur = (await (await get(`/api/auth/backend/settings?key=${key}&locale=${locale}`, "admin")).json()) as SettingState;
        const res = await cat.server.fetch("/api/auth/backend/settings", {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: cat.server.base, Cookie: cookies.admin! },
          body: JSON.stringify({ key, locale, value, version: cur.version }),
        });
        expect(res.status, key).toBe(200);
      };
      // Italian footer blocks and menu; English has a menu of its own, French nothing
      await setting("footer_blocks", "it", [{ title: "Orari", text: "Aperto il martedì" }]);
      await setting("menu", "it", [{ label: "Chi siamo", path: "/chi-siamo" }]);
      await setting("menu", "en", [{ label: "About us", path: "/chi-siamo" }]);
      await cat.db.rows(sql`insert into pages (slug, locale, title, content) values ('chi-siamo', 'it', 'Chi siamo',
        ${JSON.stringify({ kind: "page", format: "html", source: "<p>Un archivio di famiglia.</p>", html: "<p>Un archivio di famiglia.</p>", description: "", published: true })}::jsonb)`);
      const page = (p: string) => cat.server.fetch(p, { redirect: "follow" });
      const alternates = (html: string) =>
        [...html.matchAll(/<link rel="alternate" hrefLang="([\w-]+)" href="([^"]+)"/g)].map(
          (m) => `${m[1]} ${m[2]!.replace(cat.server.base, "")}`,
        );
      const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]?.replace(cat.server.base, "");
      const pages = ["/", "/cerca", "/oggetti/f1", "/chi-siamo", "/styleguide", "/public/cookie-policy"];
      for (const p of pages) {
        const de = `/de${p === "/" ? "" : p}`;
        const res = await page(de);
        expect(res.status, de).toBe(200);
        const html = await res.text();
        // German is on: every page lists it, itself included, and is its own canonical
        const alt = alternates(html);
        expect(
          alt.some((a) => a.startsWith("de /de")),
          `${de}: ${alt.join(", ")}`,
        ).toBe(true);
        expect(alt.map((a) => a.split(" ")[0])).toEqual(["it", "en", "fr", "de", "x-default"]);
        expect(canonical(html), de).toMatch(/^\/de(\/|$)/);
      }
      const deRecord = await (await page("/de/oggetti/f1")).text();
      expect(deRecord).toContain('<html lang="de"');
      expect(deRecord).toMatch(/<h1 lang="it">Ventaglio dipinto<\/h1>/);
      // the notice names the record's language as the page's language writes it in a sentence
      expect(deRecord).toContain("auf Italienisch");
      expect(await (await page("/fr/oggetti/f1")).text()).toContain("le texte est affiché en italien.");
      expect(await (await page("/en/oggetti/f1")).text()).toContain("the text is shown in Italian.");
      const deSearch = await (await page("/de/cerca?q=ventaglio")).text();
      expect(deSearch).toMatch(/<h[23] class="card__title" lang="it">/);
      const dePage = await (await page("/de/chi-siamo")).text();
      expect(dePage).toMatch(/<article class="page content-page" lang="it">/);
      expect(dePage).toMatch(/<p class="content-page__fallback" lang="de">/);
      expect(dePage).toMatch(/<title>Chi siamo/);
      // the site's texts (footer blocks, menu): Italian on a German page, marked; the page's own messages not
      expect(deRecord).toContain('<div class="site-footer__blocks" lang="it">');
      const deHome = await (await page("/de")).text();
      expect(deHome).toMatch(/<div class="hero__text" lang="it">/);
      // English: its own menu unmarked, the Italian footer blocks standing in marked; Italian: nothing marked
      const en = await (await page("/en/chi-siamo")).text();
      expect(en).toContain('<div class="site-footer__blocks" lang="it">');
      expect(en).toMatch(/<article class="page content-page" lang="it">/);
      expect(en).not.toMatch(/<li lang="it"><a href="\/en\/chi-siamo"/);
      const it = await (await page("/chi-siamo")).text();
      expect(it).toContain('<div class="site-footer__blocks">');
      expect(it).toMatch(/<article class="page content-page">/);
      // English off: no page offers it any more
      expect((await add({ locale: "en", enabled: false }, "admin")).status).toBe(200);
      for (const p of ["/de", "/", "/oggetti/f1", "/de/cerca"])
        expect(
          alternates(await (await page(p)).text()).map((a) => a.split(" ")[0]),
          p,
        ).toEqual(["it", "fr", "de", "x-default"]);
      expect((await add({ locale: "en" }, "admin")).status).toBe(200);
      // German off again (the default): the alternates are the three content languages, no de
      expect((await add({ locale: "de", enabled: false }, "admin")).status).toBe(200);
      expect(alternates(await (await page("/fr/oggetti/f1")).text()).map((a) => a.split(" ")[0])).toEqual(["it", "en", "fr", "x-default"]);
      expect((await add({ locale: "de" }, "admin")).status).toBe(200);
    });

    it("with exactly two languages the header offers one switch; a disabled language's pages are 404", async () => {
      for (const locale of ["en", "fr"]) expect((await add({ locale, enabled: false }, "admin")).status, locale).toBe(200);
      const it = await (await get("/")).text();
      expect(it).toMatch(/<nav aria-label="Lingua" class="lang-switch"><a href="\/lang\/de\?next=%2F" hrefLang="de"/);
      expect(it).not.toContain('href="/lang/en');
      for (const p of ["/en", "/en/cerca", "/fr/styleguide", "/lang/en?next=/"]) expect((await get(p)).status, p).toBe(404);
      expect((await get("/de/styleguide")).status).toBe(200);
      // only Italian: no switch at all
      expect((await add({ locale: "de", enabled: false }, "admin")).status).toBe(200);
      expect(await (await get("/")).text()).not.toContain('class="lang-switch"');
      // back to the default three
      for (const locale of ["en", "fr"]) expect((await add({ locale }, "admin")).status).toBe(200);
      expect((await get("/en")).status).toBe(200);
      expect((await get("/de")).status).toBe(404);
      const events = await cat.db.rows<{ n: number }>(
        sql`select count(*)::int as n from audit_log where event = 'settings_changed' and detail->>'key' = 'languages'`,
      );
      expect(events[0]!.n).toBe(10);
    });
  });
}
