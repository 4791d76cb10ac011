import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createUser } from "../../app/features/accounts/accounts.server";
import { openDatabase } from "../../app/.server/db";
import { watchCatalogue } from "../../app/.server/caches";
import { getSiteOptions } from "../../app/features/site/site.server";
import { DEMO_COLORS } from "../../app/features/demo/site";
import { seededCatalogue } from "../setup/catalogue";
import { testDatabases } from "../setup/db";
import { makeRecord } from "../factories/records";

const PASSWORD = "Archivio-2026";
type Json = Record<string, any>;
const cookiePair = (res: Response) => (res.headers.getSetCookie().find((c) => /^(__Host-)?teca_session=/.test(c)) ?? "").split(";")[0]!;

/** A good and a bad value of every option the settings edit (issue 16 §2). */
const CASES: [key: string, good: unknown, bad: unknown][] = [
  ["title", "Archivio di prova", ""],
  ["description", "Fotografie e lettere.", "x".repeat(501)],
  ["logo", { url: "/logo.svg", alt: "Logo dell'archivio" }, { url: "javascript:alert(1)", alt: "x" }],
  ["logo2", { url: "https://example.org/partner.png", alt: "Partner" }, { url: "https://example.org/p.png", alt: "" }],
  ["dateFormat", "YYYY-MM-DD", "%Y"],
  ["multilanguage", false, "yes"],
  ["disableShuffle", true, 1],
  ["annotations", true, null],
  ["registro", true, "on"],
  ["richiediimmagine_email", "richieste@example.org", "richieste@"],
  ["watermarkImage", "0123456789abcdef0123456789abcdef.png", "../../secrets/totp.key"],
  [
    "colors",
    { primary: "#1d4e89", primaryDark: "#123456", primaryLight: "#eef3fa" },
    { primary: "#1d4e89", primaryDark: "#123456", primaryLight: "#777777" },
  ],
  [
    "menu",
    [
      { label: "Cerca", path: "/cerca" },
      { label: "Fondazione", path: "https://example.org" },
    ],
    [{ label: "X", path: "javascript:alert(1)" }],
  ],
  ["menu_footer", [{ label: "Cookie", path: "/public/cookie-policy" }], [{ label: "", path: "/a" }]],
  ["footer_blocks", [{ title: "Indirizzo", text: "Via dei Filatoi 12" }], [{ title: "", text: "" }]],
  ["disable_footer", true, "true"],
  ["background", { type: "image", url: "/media/bg.jpg" }, { type: "image", url: "" }],
  ["placeholder", "/placeholder.svg", "ftp://example.org/p.png"],
  ["placeholderRelated", "https://example.org/p.png", "http://example.org/p.png"],
  ["youtube_url", "https://www.youtube-nocookie.com/embed/", "https://evil.example/embed/"],
  ["vimeo_url", "https://player.vimeo.com/video/", "https://vimeo.com.evil.example/"],
  ["analytics", { heritagerating: true, accuracy: false }, { heritagerating: true }],
  ["matomo_site_id", "7", "7 or 1=1"],
  ["customcss", ".hero h1 { letter-spacing: .02em; }", "</style><script>alert(1)</script>"],
  ["customjs", { noRelevance: true, timeline: { from: 1800, to: 1990 } }, { noRelevance: "yes" }],
  ["detailjs", { dateLabel: "Data", filtroHighlight: ["conservazione"] }, { dateLabel: "Data", onclick: "alert(1)" }],
  ["tileUrl", "https://tiles.example.org/{z}/{x}/{y}.png", "https://tiles.example.org/tile.png"],
  ["tileAttribution", "© Esempio", "x".repeat(301)],
  ["sanitize", true, "on"],
  ["internalFields", ["inventario_interno", "note_*"], ["ok", ""]],
  ["require2faFor", "MANAGE_USERS, ADMIN", "MANAGE_USERS, SUPERPOTERI"],
  ["patternPassword", "^(?=.*\\d).{10,}$", "(a)\\1"],
  ["customfont", "serif", "url(https://evil.example/f.woff2)"],
  ["languages", { en: true, fr: true, de: true }, { en: true, fr: true, de: true, es: true }],
  ["summaryPimcore", { ca_objects: ["tecnica", "materia"] }, { ca_objects: ["tecnica", "tecnica"] }],
  ["summaryHeader", { ca_objects: ["materia"] }, { oggetti: ["tecnica"] }],
];

for (const target of testDatabases()) {
  describe(`settings on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const cookies: Record<string, string> = {};
    const cli = { userId: null, address: "test" };

    const get = (path: string, cookie?: string) => cat.server.fetch(path, { headers: cookie ? { Cookie: cookie } : {} });
    const post = (body: unknown, cookie?: string) =>
      cat.server.fetch("/api/auth/backend/settings", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: cat.server.base, ...(cookie ? { Cookie: cookie } : {}) },
        body: JSON.stringify(body),
      });
    const state = async (key: string, locale = "it") =>
      (await (await get(`/api/auth/backend/settings?key=${key}&locale=${locale}`, cookies.admin)).json()) as Json;
    const save = async (key: string, value: unknown, locale = "it") =>
      post({ key, locale, value, version: (await state(key, locale)).version }, cookies.admin);
    /** A settings form posted like a browser without JavaScript (the form token, the session). */
    const postForm = async (path: string, fields: [string, string][], cookie = cookies.admin!) => {
      const page = await get(path.split("#")[0]!, cookie);
      const csrf = /name="csrf" value="([\w-]+)"/.exec(await page.text())![1]!;
      const body = new URLSearchParams([["csrf", csrf], ...fields]);
      return cat.server.fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: cat.server.base, Cookie: `${cookie}; teca_csrf=${csrf}` },
        body,
      });
    };

    beforeAll(async () => {
      cat = await seededCatalogue(target, [
        makeRecord({
          id: "pub",
          type: { id: 500, code: "manufatto", name: { it: "Manufatto", en: "Artefact" } },
          texts: {
            it: {
              label: "Ventaglio",
              metadata: [
                { code: "tecnica", label: "Tecnica", type: "text", value: "Seta dipinta" },
                { code: "materia", label: "Materia", type: "text", value: "Avorio" },
                { code: "provenienza", label: "Provenienza", type: "text", value: "Lascito Valdameri" },
              ],
            },
          },
        }),
      ]);
      await cat.db.rows(sql`insert into site_options (locale, options) values
        ('it', ${JSON.stringify({ title: "Archivio Valdameri", colors: DEMO_COLORS, menu: [{ label: "Esplora", path: "/cerca" }] })}::jsonb),
        ('en', ${JSON.stringify({ title: "Valdameri Archive", colors: DEMO_COLORS })}::jsonb)`);
      for (const [key, email, roles] of [
        ["researcher", "ricerca@example.org", ["Ricercatore"]],
        ["manager", "manager@example.org", ["Manager"]],
        ["admin", "admin@example.org", ["Amministratore"]],
        ["admin2", "admin2@example.org", ["Amministratore"]],
      ] as const) {
        await createUser({ database: cat.db }, { email, roles: [...roles], password: PASSWORD, firstName: key }, cli);
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

    it("is for ADMIN only: visitors go to login (401 from the API), Ricercatore and Manager get 404, Amministratore is served", async () => {
      const before = await cat.db.rows<{ n: number }>(sql`select count(*)::int as n from revisions`);
      for (const p of ["/settings", "/settings/general", "/en/settings/layout", "/fr/settings/contents", "/settings/developer"]) {
        const visitor = await get(p);
        expect(visitor.status, p).toBe(302);
        expect(visitor.headers.get("location")).toContain(`login?redirect=${encodeURIComponent(p)}`);
        for (const role of ["researcher", "manager"]) expect((await get(p, cookies[role])).status, `${p} ${role}`).toBe(404);
      }
      expect((await get("/api/auth/backend/settings")).status).toBe(401);
      expect((await post({ key: "title", value: "X", version: 0 })).status).toBe(401);
      for (const role of ["researcher", "manager"]) {
        expect((await get("/api/auth/backend/settings", cookies[role])).status).toBe(404);
        expect((await post({ key: "title", value: "X", version: 0 }, cookies[role])).status).toBe(404);
      }
      // a Manager's form post changes nothing either
      const refused = await cat.server.fetch("/settings/general", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: cat.server.base, Cookie: cookies.manager! },
        body: new URLSearchParams({ key: "title", version: "0", title: "Preso" }),
      });
      expect(refused.status).toBe(404);
      expect(await cat.db.rows<{ n: number }>(sql`select count(*)::int as n from revisions`)).toEqual(before);
      // the administrator
      const index = await get("/settings", cookies.admin);
      expect(index.status).toBe(302);
      expect(index.headers.get("location")).toBe("/settings/general");
      for (const [prefix, heading, tab] of [
        ["", "Impostazioni", "Generali"],
        ["/en", "Settings", "General"],
        ["/fr", "Paramètres", "Général"],
      ] as const) {
        for (const page of ["general", "layout", "contents", "developer"]) {
          const res = await get(`${prefix}/settings/${page}`, cookies.admin);
          expect(res.status, `${prefix}/settings/${page}`).toBe(200);
          expect(res.headers.get("cache-control")).toContain("no-store");
          const html = await res.text();
          expect(html).toContain(`<h1>${heading}</h1>`);
          expect(html).toContain(tab);
        }
      }
      expect((await get("/api/auth/backend/settings", cookies.admin)).status).toBe(200);
    });

    it("validates every option: a good value is saved, a bad one refused with a message and nothing changed", async () => {
      for (const [key, good, bad] of CASES) {
        const before = await state(key);
        const refused = await post({ key, locale: "it", value: bad, version: before.version }, cookies.admin);
        expect(refused.status, `${key} bad`).toBe(400);
        const body = (await refused.json()) as Json;
        expect(body.error.message).toBe("Non salvato: correggi i campi indicati.");
        expect(Object.values(body.error.fields as Record<string, string[]>).flat().length, key).toBeGreaterThan(0);
        expect((await state(key)).version, `${key} unchanged`).toBe(before.version);
        const saved = await post({ key, locale: "it", value: good, version: before.version }, cookies.admin);
        expect(saved.status, `${key} good: ${await saved.clone().text()}`).toBe(200);
        expect((await saved.json()) as Json).toMatchObject({ status: "saved" });
        expect((await state(key)).value, key).toEqual(good);
      }
      // the options readers see them (the cache was cleared on save)
      const o = (await getSiteOptions({ database: cat.db }, "it")) as unknown as Json;
      expect(o.title).toBe("Archivio di prova");
      expect(o.noRelevance).toBe(true);
      expect(o.timeline).toEqual({ from: 1800, to: 1990 });
      expect(o.detailjs).toEqual({ dateLabel: "Data", filtroHighlight: ["conservazione"] });
      // messages come in the body's language
      const fr = await post({ key: "title", locale: "fr", value: "", version: (await state("title", "fr")).version }, cookies.admin);
      expect(((await fr.json()) as Json).error.fields.title[0]).toBe("Ce champ est obligatoire.");
    });

    it("customfont, summaryPimcore and summaryHeader: only listed fonts, only the data model's codes; applied to every page and the record page", async () => {
      // a code no record of the table holds, or a table that does not exist: refused, named, nothing saved
      const before = (await state("summaryHeader")).version;
      const unknown = await save("summaryHeader", { ca_objects: ["materia", "stima_segreta"], ca_entities: ["tecnica"] });
      expect(unknown.status).toBe(400);
      const fields = ((await unknown.json()) as Json).error.fields.json as string[];
      expect(fields).toEqual([
        "Nessuna scheda di ca_objects ha il campo «stima_segreta».",
        "Nessuna scheda di ca_entities ha il campo «tecnica».",
      ]);
      expect((await state("summaryHeader")).version).toBe(before);
      const form = await postForm("/fr/settings/contents", [
        ["key", "summaryPimcore"],
        ["version", String((await state("summaryPimcore")).version)],
        ["json", '{"ca_places": ["x"]}'],
      ]);
      expect(form.status).toBe(400);
      expect(await form.text()).toContain("Aucune notice de ca_places n&#x27;a le champ « x ».");
      const badFont = await postForm("/settings/layout", [
        ["key", "customfont"],
        ["version", String((await state("customfont")).version)],
        ["customfont", "Comic Sans"],
      ]);
      expect(badFont.status).toBe(400);
      expect(await badFont.text()).toContain("Scegli uno dei valori proposti.");
      // applied: the font stacks in every page's head, the record's header and summary fields
      for (const [key, value] of [
        ["customfont", "serif"],
        ["summaryPimcore", { ca_objects: ["tecnica", "materia"] }],
        ["summaryHeader", { ca_objects: ["materia"] }],
      ] as const)
        expect((await save(key, value)).status, key).toBe(200);
      const home = await (await get("/en")).text();
      expect(home).toMatch(/<style>html:root\{--primary:[^}]*;--sans:"Source Serif 4 Variable"[^}]*;--serif:"Source Serif 4 Variable"/);
      const moved = await get("/oggetti/pub");
      const recordRes = moved.status === 301 ? await get(moved.headers.get("location")!) : moved;
      const record = await recordRes.text();
      expect(recordRes.status, record.slice(0, 300)).toBe(200);
      const tombstone = record.slice(record.indexOf(`class="record__header"`), record.indexOf(`class="record__body"`));
      expect(tombstone).toContain('data-code="materia"');
      const summary = record.slice(record.indexOf(`record__section record__summary"`), record.indexOf(`class="record__groups"`));
      expect(summary).toContain('data-code="tecnica"'); // the chosen summary field (materia is in the header)
      expect(record.match(/data-code="tecnica"/g)).toHaveLength(1); // not repeated in the groups
      expect(record.match(/data-code="provenienza"/g)).toHaveLength(1);
      // back to the default font: nothing added to the page
      expect((await save("customfont", "default")).status).toBe(200);
      expect(await (await get("/en")).text()).not.toMatch(/<style>html:root\{[^}]*--sans:/);
    });

    it("refuses colours below WCAG AA and says which pair fails and its ratio", async () => {
      const res = await save("colors", { primary: "#ffcc00", primaryDark: "#5a230f", primaryLight: "#f8ede6" });
      expect(res.status).toBe(400);
      const body = (await res.json()) as Json;
      expect(body.error.fields.primary.join(" ")).toMatch(/testo bianco sul colore principale: 1,\d\d:1, serve almeno 4,5:1/);
      const page = await postForm("/en/settings/layout", [
        ["key", "colors"],
        ["version", String((await state("colors")).version)],
        ["primary", "#ffcc00"],
        ["primaryDark", "#5a230f"],
        ["primaryLight", "#f8ede6"],
      ]);
      expect(page.status).toBe(400);
      const html = await page.text();
      expect(html).toContain("Not enough contrast for white text on the primary colour: 1.");
      expect(html).toContain('value="#ffcc00"'); // what was typed stays in the form
    });

    it("serves the custom CSS as its own stylesheet and refuses anything that could break out of it", async () => {
      for (const bad of [
        "</style><script>alert(1)</script>",
        "a{}<script>alert(1)</script>",
        "@import url(javascript:alert(1));",
        "@import url(https://evil.example/x.css);",
        "a{background:url(javascript:alert(1))}",
        "a{background:url(\\6a avascript:alert(1))}",
        "a{content:'\\3c /style>'}",
        "a{width:expression(alert(1))}",
        `a{}${" ".repeat(50_001)}`,
        // issue 29, attack 7 (decision 083): addresses elsewhere in any spelling, selectors that read a form
        'a{background:image-set("http://evil.example/a.png" 1x)}',
        "a{background:-webkit-image-set(url(//evil.example/a.png) 1x)}",
        "a{background:url(https://example.org/a.png)}",
        "a{background:\\75rl(https://evil.example/a.png)}",
        "@font-face{font-family:X;src:url(https://evil.example/f.woff2)}",
        "a{background:cross-fade(url(/media/a.png), url(https://evil.example/b.png), 50%)}",
        "input[name=csrf][value^=a]{background:url(/media/a.png)}",
        '[name="csrf" i]{color:red}',
        "a{color:red}}",
      ]) {
        const before = (await state("customcss")).version;
        const res = await save("customcss", bad);
        expect(res.status, bad.slice(0, 40)).toBe(400);
        expect(Object.values(((await res.json()) as Json).error.fields as Record<string, string[]>).flat().length, bad.slice(0, 40)).toBe(
          1,
        );
        expect((await state("customcss")).version).toBe(before);
      }
      // the message names the line and the address, in the page's language
      const refused = await save("customcss", '.a { color: #222 }\n.b { background: image-set("http://evil.example/a.png" 1x) }');
      expect(((await refused.json()) as Json).error.fields.customcss).toEqual([
        'Riga 2: image-set("http://evil.example/a.png"1x) punta altrove. Un indirizzo può essere solo un file di questo sito in /media/, /uploads/, /site/ o /assets/ (senza parametri dopo ?), un\'immagine incorporata data:image (png, jpeg, gif, webp, avif) o #id.',
      ]);
      const v = (await state("customcss")).version;
      const page = await postForm("/en/settings/developer", [
        ["key", "customcss"],
        ["version", String(v)],
        ["customcss", "a { color: red }\ninput[value^=a] { background: url(/media/a.png) }"],
      ]);
      expect(page.status).toBe(400);
      const html = await page.text();
      expect(html).toContain("Line 2: the selector input[value^=a] is not allowed");
      expect(html).toContain("input[value^=a] { background: url(/media/a.png) }"); // what was typed stays in the form
      expect((await state("customcss")).version).toBe(v);

      const css =
        "/* house style */\nbody { --site-test: 1 }\n.hero h1 > span { color: #123456; background: url('/media/hero.jpg') }\n@media (max-width: 40em) { .hero { padding: 0 } }";
      expect((await save("customcss", css)).status).toBe(200);
      const home = await (await get("/")).text();
      const href = /<link rel="stylesheet" href="(\/site\/custom\.css\?v=[\w-]+)"/.exec(home)?.[1];
      expect(href).toBeTruthy();
      expect(home).not.toContain("--site-test");
      const sheet = await get(href!);
      expect(sheet.status).toBe(200);
      expect(sheet.headers.get("content-type")).toBe("text/css; charset=utf-8");
      expect(sheet.headers.get("x-content-type-options")).toBe("nosniff");
      expect(sheet.headers.get("cache-control")).toContain("immutable");
      // the checked tree written out by the parser: what the browser reads is what was checked
      expect(await sheet.text()).toBe(
        "body{--site-test:1}.hero h1>span{color:#123456;background:url(/media/hero.jpg)}@media (max-width:40em){.hero{padding:0}}",
      );
      const { catalogueChanged } = await import("../../app/.server/caches");
      const store = async (stored: string) => {
        await cat.db.rows(
          sql`update site_options set options = options || ${JSON.stringify({ customcss: stored })}::jsonb where locale = 'it'`,
        );
        catalogueChanged(cat.db);
      };
      // a stylesheet stored before the parser (https addresses were allowed) is served without what breaks the rule
      await store(
        '.a{color:red;background:url(https://example.org/a.png)}\n.b{background:image-set("http://evil.example/b.png" 1x);margin:0}\ninput[name=csrf][value^=a]{background:url(/media/x.png)}\n.c{color:blue}',
      );
      const legacyHref = /<link rel="stylesheet" href="(\/site\/custom\.css\?v=[\w-]+)"/.exec(await (await get("/")).text())?.[1];
      expect(legacyHref).toBeTruthy();
      expect(legacyHref).not.toBe(href);
      expect(await (await get(legacyHref!)).text()).toBe(".a{color:red}.b{margin:0}.c{color:blue}");
      expect(await (await get("/site/custom.css")).text()).toBe(".a{color:red}.b{margin:0}.c{color:blue}");
      // a value written outside the settings that the old checks refuse is not served at all
      await store("</style><script>alert(1)</script>");
      const unsafe = await (await get("/site/custom.css")).text();
      expect(unsafe).not.toContain("<");
      expect(unsafe).toBe("/* no custom styles */\n");
      expect(await (await get("/")).text()).not.toContain("/site/custom.css");
    });

    it("checks the JSON options against their schema and reports where", async () => {
      const unknown = await save("customjs", { noRelevance: true, onload: "alert(1)" });
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as Json).error.fields.json.join(" ")).toContain("chiave sconosciuta: onload");
      const typed = await save("customjs", { timeline: { from: "1800", to: 1900 } });
      expect(((await typed.json()) as Json).error.fields.json.join(" ")).toContain("tipo sbagliato");
      const regex = await save("customjs", { regexFiltriInit: "(?<=a)b" });
      expect(regex.status).toBe(400);
      expect(((await regex.json()) as Json).error.fields.json.join(" ")).toContain("lookbehind non sono disponibili");
      // the page: JSON that does not parse is refused before the schema, and the text stays
      const v = (await state("detailjs")).version;
      const page = await postForm("/settings/developer", [
        ["key", "detailjs"],
        ["version", String(v)],
        ["json", "{ dateLabel: 'x' "],
      ]);
      expect(page.status).toBe(400);
      const html = await page.text();
      expect(html).toContain("Non è JSON valido");
      expect(html).toContain("{ dateLabel: &#x27;x&#x27; ");
      expect((await state("detailjs")).version).toBe(v);
    });

    it("keeps every save as a revision, shows the differences and restores an earlier one as a new revision", async () => {
      const first = await state("menu");
      expect((await save("menu", [{ label: "Uno", path: "/uno" }])).status).toBe(200);
      expect(
        (
          await save("menu", [
            { label: "Uno", path: "/uno" },
            { label: "Due", path: "/due" },
          ])
        ).status,
      ).toBe(200);
      const h = (await (await get("/api/auth/backend/settings?key=menu&history", cookies.admin)).json()) as Json;
      expect(h.total).toBe(first.version + 2);
      expect(h.entries[0].author).toBe("admin@example.org");
      expect(h.entries[0].diff).toContainEqual({ op: "add", text: "2.label: Due" });
      // the value the demo data had before the first save is kept as version 1, by nobody
      const oldest = (
        await cat.db.rows<{ value: unknown; author_id: string | null }>(
          sql`select value, author_id from revisions where key = 'menu' and version = 1`,
        )
      )[0]!;
      expect(oldest).toEqual({ value: [{ label: "Esplora", path: "/cerca" }], author_id: null });
      const current = (await state("menu")).version;
      const restored = await post({ key: "menu", locale: "it", restore: current - 1, version: current }, cookies.admin);
      expect(restored.status).toBe(200);
      expect((await state("menu")).value).toEqual([{ label: "Uno", path: "/uno" }]);
      const row = (
        await cat.db.rows<{ version: number; restored_from: number }>(
          sql`select version, restored_from from revisions where key = 'menu' order by version desc limit 1`,
        )
      )[0]!;
      expect(row).toEqual({ version: current + 1, restored_from: current - 1 });
      // the page's history and its restore form (without JavaScript)
      const page = await (await get("/settings/layout?history=menu", cookies.admin)).text();
      expect(page).toContain("Cronologia: Menu principale");
      expect(page).toContain("Ripristina la versione 1");
      // each entry's fields by their names, positions from 1, before and after (issue 31 §4), not `2.label: Due`
      expect(page).toMatch(
        /revision-change__field">Voce 2 · Etichetta<\/span>(?:(?!<\/li>).)*prima: <\/span>\(vuoto\)<\/del>(?:(?!<\/li>).)*dopo: <\/span>Due<\/ins>/,
      );
      expect(page).not.toMatch(/\b\d+\.(label|path): /);
      // opened from the admin bar with the page being edited: a restore returns there (marked for the bar's status)
      const fromBar = await (await get("/fr/settings/layout?history=menu&back=%2Ffr%2Fcerca%3Fq%3Dx", cookies.admin)).text();
      expect(fromBar).toContain("Retour à la page");

      const res = await postForm("/settings/layout?history=menu", [
        ["key", "menu"],
        ["version", String(current + 1)],
        ["restore", "1"],
        ["intent", "restore"],
      ]);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/settings/layout?history=menu&done=restored&item=menu#item-menu");
      expect((await state("menu")).value).toEqual([{ label: "Esplora", path: "/cerca" }]);
      // the audit log names the setting
      const audit = await cat.db.rows<{ event: string; detail: Json }>(
        sql`select event, detail from audit_log where event like 'settings_%' order by id desc limit 1`,
      );
      expect(audit[0]).toMatchObject({ event: "settings_restored", detail: { key: "menu", restoredFrom: 1 } });
      const log = await (await get("/settings/users?tab=audit&event=settings_restored", cookies.admin)).text();
      expect(log).toContain("Impostazione ripristinata");
      expect(log).toContain("Menu principale");
      // a restore from a history opened from the admin bar returns to the page being edited (issue 31 §4)
      const back = await postForm("/settings/layout?history=menu&back=%2Fcerca%3Fq%3Dx", [
        ["key", "menu"],
        ["version", String((await state("menu")).version)],
        ["restore", "2"],
        ["intent", "restore"],
        ["back", "/cerca?q=x"],
      ]);
      expect(back.status).toBe(302);
      expect(back.headers.get("location")).toBe("/cerca?q=x&restored=1");
      const away = await postForm("/settings/layout?history=menu", [
        ["key", "menu"],
        ["version", String((await state("menu")).version)],
        ["restore", "1"],
        ["intent", "restore"],
        ["back", "//evil.example/x"],
      ]);
      expect(away.headers.get("location")).toBe("/settings/layout?history=menu&done=restored&item=menu#item-menu");
    });

    it("answers 409 to a stale save and shows both texts; nothing is lost", async () => {
      const v = (await state("title")).version;
      expect((await post({ key: "title", locale: "it", value: "Versione di Anna", version: v }, cookies.admin)).status).toBe(200);
      const stale = await post({ key: "title", locale: "it", value: "Versione di Bruno", version: v }, cookies.admin2);
      expect(stale.status).toBe(409);
      expect(((await stale.json()) as Json).error.current).toMatchObject({
        version: v + 1,
        value: "Versione di Anna",
        author: "admin@example.org",
      });
      expect((await state("title")).value).toBe("Versione di Anna");
      // the page: a form post from version v
      const page = await postForm(
        "/settings/general",
        [
          ["key", "title"],
          ["version", String(v)],
          ["title", "Versione di Bruno"],
        ],
        cookies.admin2,
      );
      expect(page.status).toBe(409);
      const html = await page.text();
      expect(html).toContain("Qualcun altro ha salvato questa voce nel frattempo.");
      expect(html).toContain("Versione di Anna");
      expect(html).toContain("Versione di Bruno");
      expect(html).toContain(`name="version" value="${v + 1}"`);
      // saving again from the version now shown goes through
      const again = await postForm(
        "/settings/general",
        [
          ["key", "title"],
          ["version", String(v + 1)],
          ["title", "Versione di Bruno"],
        ],
        cookies.admin2,
      );
      expect(again.status).toBe(302);
      expect((await state("title")).value).toBe("Versione di Bruno");
    });

    it("works without JavaScript: Post/Redirect/Get, list rows added and moved by the server, per-language values", async () => {
      const v = (await state("footer_blocks")).version;
      const add = await postForm("/settings/layout", [
        ["key", "footer_blocks"],
        ["version", String(v)],
        ["title", "Orari"],
        ["text", "9-13"],
        ["op", "add"],
      ]);
      expect(add.status).toBe(200);
      const rows = await add.text();
      expect(rows).toContain("Blocco 2");
      expect((await state("footer_blocks")).version).toBe(v); // nothing saved
      const saved = await postForm("/settings/layout", [
        ["key", "footer_blocks"],
        ["version", String(v)],
        ["title", "Orari"],
        ["text", "9-13"],
        ["title", "Licenza"],
        ["text", "CC0"],
        ["intent", "save"],
      ]);
      expect(saved.status).toBe(302);
      expect(saved.headers.get("location")).toBe("/settings/layout?done=saved&item=footer_blocks#item-footer_blocks");
      expect((await state("footer_blocks")).value).toEqual([
        { title: "Orari", text: "9-13" },
        { title: "Licenza", text: "CC0" },
      ]);
      const after = await (await get("/settings/layout?done=saved&item=footer_blocks", cookies.admin)).text();
      expect(after).toContain("Salvato. La modifica è già visibile sul sito.");
      // English has its own title; French falls back to Italian until it has one, and can return to it
      expect((await state("title", "en")).value).toBe("Valdameri Archive");
      expect(await state("title", "fr")).toMatchObject({ fallback: true, value: "Versione di Bruno" });
      expect((await save("title", "Archives Valdameri", "fr")).status).toBe(200);
      expect((await getSiteOptions({ database: cat.db }, "fr")).title).toBe("Archives Valdameri");
      const clear = await post({ key: "title", locale: "fr", clear: true, version: (await state("title", "fr")).version }, cookies.admin);
      expect(clear.status).toBe(200);
      expect((await getSiteOptions({ database: cat.db }, "fr")).title).toBe("Versione di Bruno");
      // a shared option saved once applies to every language (the demo's copies in other documents go)
      expect((await save("colors", { primary: "#1d4e89", primaryDark: "#0f2a4a", primaryLight: "#eef3fa" })).status).toBe(200);
      expect((await getSiteOptions({ database: cat.db }, "en")).colors.primaryDark).toBe("#0f2a4a");
    });

    it("takes the watermark image as an upload: an image is kept as a PNG, anything else refused, the box removes it (decision 098)", async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "teca-watermark-"));
      const before = process.env.DATA_DIR;
      process.env.DATA_DIR = dataDir;
      try {
        const upload = async (file: Blob | null, extra: [string, string][] = []) => {
          const page = await get("/settings/general", cookies.admin);
          const html = await page.text();
          expect(html).toMatch(/enctype="multipart\/form-data"/i);
          const csrf = /name="csrf" value="([\w-]+)"/.exec(html)![1]!;
          const form = new FormData();
          form.set("csrf", csrf);
          form.set("key", "watermarkImage");
          form.set("version", String((await state("watermarkImage")).version));
          form.set("intent", "save");
          if (file) form.set("watermarkImage", file, "filigrana.png");
          for (const [k, v] of extra) form.set(k, v);
          return cat.server.fetch("/settings/general", {
            method: "POST",
            headers: { Origin: cat.server.base, Cookie: `${cookies.admin}; teca_csrf=${csrf}` },
            body: form,
          });
        };
        const png = await sharp({ create: { width: 120, height: 60, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 0.8 } } })
          .png()
          .toBuffer();
        const saved = await upload(new Blob([new Uint8Array(png)], { type: "image/png" }));
        expect(saved.status).toBe(302);
        const name = (await state("watermarkImage")).value as string;
        expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
        expect(fs.existsSync(path.join(dataDir, "watermark", name))).toBe(true);
        expect((await getSiteOptions({ database: cat.db }, "it")).watermarkImage).toBe(name);
        // an SVG (markup) or any other file is refused with the field's message, and nothing changes
        const version = (await state("watermarkImage")).version;
        for (const bad of [new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: "image/png" }), new Blob(["testo"]), null]) {
          const refused = await upload(bad);
          expect(refused.status).toBe(400);
          expect(await refused.text()).toMatch(/Il file non è un&#x27;immagine|Il file non è un'immagine|obbligatorio/);
          expect((await state("watermarkImage")).version).toBe(version);
        }
        const removed = await upload(null, [["watermarkImage.remove", "on"]]);
        expect(removed.status).toBe(302);
        expect((await state("watermarkImage")).value).toBeNull();
      } finally {
        if (before === undefined) delete process.env.DATA_DIR;
        else process.env.DATA_DIR = before;
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it("applies a change at once to the pages, cached home page included", async () => {
      const visitorHome = async () => (await (await get("/en")).text()).match(/--primary:(#[0-9a-f]{6})/)?.[1];
      await visitorHome();
      expect((await save("colors", { primary: "#2b5d34", primaryDark: "#1b3d22", primaryLight: "#eaf4ec" })).status).toBe(200);
      expect(await visitorHome()).toBe("#2b5d34");
    });

    it("multilanguage, logo2 and placeholderRelated take effect on the pages (no option is saved for nothing)", async () => {
      const home = async () => (await get("/en")).text();
      // the language choice: shown with the option on, hidden with it off; the other language's pages still answer
      expect((await save("multilanguage", true)).status).toBe(200);
      expect(await home()).toMatch(/class="lang-switch"/);
      expect((await save("multilanguage", false)).status).toBe(200);
      expect(await home()).not.toMatch(/class="lang-switch"|class="menu-lang"/);
      expect((await get("/fr")).status).toBe(200);
      // the second logo in the footer, with its text as its name; gone again when emptied
      expect((await save("disable_footer", false)).status).toBe(200);
      expect((await save("logo2", { url: "/media/partner.png", alt: "Fondazione partner" })).status).toBe(200);
      const footer = (html: string) => html.slice(html.indexOf('<footer class="site-footer"'));
      expect(footer(await (await get("/")).text())).toMatch(/<img src="\/media\/partner.png" alt="Fondazione partner" height="32"\/>/);
      expect((await save("logo2", null)).status).toBe(200);
      expect(footer(await (await get("/")).text())).not.toContain("partner.png");
      // the related records' placeholder goes to the page's data (the record page's related cards without an image use it)
      expect(await (await get("/")).text()).not.toContain("/media/related.svg");
      expect((await save("placeholderRelated", "/media/related.svg")).status).toBe(200);
      expect(await (await get("/")).text()).toContain("/media/related.svg");
      expect((await save("placeholderRelated", null)).status).toBe(200);
      // customjs orderBy: the search's order when the visitor picks none (decision 103); theirs still wins
      const selected = async (q: string) => /<option value="(\w+)" selected="">/.exec(await (await get(`/cerca?${q}`)).text())?.[1];
      const customjs = (await state("customjs")).value as Record<string, unknown>;
      // (relevance, or A–Z where an earlier test turned relevance off)
      expect(await selected("q=ventaglio")).toBe(customjs.noRelevance ? "az" : "ss");
      expect((await save("customjs", { ...customjs, orderBy: "za" })).status).toBe(200);
      expect(await selected("q=ventaglio")).toBe("za");
      expect(await selected("q=ventaglio&sort=az")).toBe("az");
      // customjs showTipologia: false leaves the type off the cards
      const typeOnCards = async () =>
        (await (await get("/cerca?q=ventaglio")).text()).includes('<span class="card__type">Manufatto</span>');
      expect(await typeOnCards()).toBe(true);
      expect((await save("customjs", { ...customjs, showTipologia: false })).status).toBe(200);
      expect(await typeOnCards()).toBe(false);
      expect((await save("customjs", customjs)).status).toBe(200);
      expect(await typeOnCards()).toBe(true);
    });

    if (target.name === "postgres") {
      it("clears the options cache of the other processes (NOTIFY)", async () => {
        const other = await openDatabase({ databaseUrl: (cat.db as unknown as { url: string }).url, migrate: false });
        const stop = await watchCatalogue(other);
        try {
          await getSiteOptions({ database: other }, "it");
          const t0 = Date.now();
          expect((await save("title", "Cambiato altrove")).status).toBe(200);
          let seen = "";
          while (Date.now() - t0 < 3_000) {
            seen = (await getSiteOptions({ database: other }, "it")).title;
            if (seen === "Cambiato altrove") break;
            await new Promise((r) => setTimeout(r, 50));
          }
          expect(seen).toBe("Cambiato altrove");
          expect(Date.now() - t0).toBeLessThan(3_000); // well before the cache's 5 s age
        } finally {
          await stop();
          await other.close();
        }
      });
    }
  });
}
