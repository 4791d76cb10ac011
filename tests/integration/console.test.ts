import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createUser } from "../../app/features/accounts/accounts.server";
import { ConsoleError, jobRun, listJobs, startImport, startVacuum, keepImportUpload } from "../../app/features/console/console.server";
import { checkTags, deleteStaged, findTargetRecords } from "../../app/features/console/dropbox.server";
import { RESERVED_SLUGS } from "../../app/features/pages/pages";
import { AUDIT_EVENTS } from "../../app/features/accounts/users";
import { renderPageBody } from "../../app/.server/content-html";
import routes from "../../app/routes";
import { seededCatalogue } from "../setup/catalogue";
import { testDatabases } from "../setup/db";
import { makeImage, makeRecord, tempDir } from "../factories/records";
import { deriveImage } from "../../app/.server/media";
import { convertIccdFiles } from "../../app/features/catalogue/iccd/convert";
import { loadThesauri } from "../../app/features/catalogue/iccd/thesauri";

/**
 * Issue 16 §3–§5: the console and its background jobs, content pages, the style guide and the drop box —
 * each page and endpoint for a visitor, a Ricercatore, a Manager and an Amministratore; the content pages'
 * sanitising and slug rules; the drop box's content checks and limits; an import's progress and report.
 */

const PASSWORD = "Archivio-2026";
type Json = Record<string, any>;
const ROLES = { researcher: "Ricercatore", manager: "Manager", admin: "Amministratore" } as const;
type Who = "visitor" | keyof typeof ROLES;

/** A stored (uncompressed) zip of the given entries. */
function zip(entries: [string, string][]) {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const n = Buffer.from(name);
    const d = Buffer.from(text);
    const crc = zlib.crc32(d);
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0),
      h.writeUInt16LE(20, 4),
      h.writeUInt32LE(crc, 14),
      h.writeUInt32LE(d.length, 18),
      h.writeUInt32LE(d.length, 22),
      h.writeUInt16LE(n.length, 26);
    locals.push(h, n, d);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0),
      c.writeUInt16LE(20, 4),
      c.writeUInt16LE(20, 6),
      c.writeUInt32LE(crc, 16),
      c.writeUInt32LE(d.length, 20),
      c.writeUInt32LE(d.length, 24),
      c.writeUInt16LE(n.length, 28),
      c.writeUInt32LE(offset, 42);
    central.push(c, n);
    offset += 30 + n.length + d.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0),
    end.writeUInt16LE(entries.length, 8),
    end.writeUInt16LE(entries.length, 10),
    end.writeUInt32LE(cd.length, 12),
    end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const files = {
  png: () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: "#336699" } })
      .png()
      .toBuffer(),
  jpg: () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: "#993366" } })
      .jpeg()
      .toBuffer(),
  tif: () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: "#669933" } })
      .tiff()
      .toBuffer(),
  pdf: () => Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
  zip: () => zip([["nota.txt", "ciao"]]),
  docx: () =>
    zip([
      [
        "[Content_Types].xml",
        '<?xml version="1.0"?><Types><Override ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ],
      ["word/document.xml", "<w:document/>"],
    ]),
  xml: () => Buffer.from('<?xml version="1.0" encoding="UTF-8"?><scheda><titolo>Ventaglio</titolo></scheda>'),
  doc: () => {
    const b = Buffer.alloc(1024);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b);
    return b;
  },
  svg: () => Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  html: () => Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>"),
};

for (const target of testDatabases()) {
  describe(`console, content pages and drop box on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    let dataDir: string;
    const cookies: Partial<Record<Who, string>> = {};
    const ids: Record<string, string> = {};

    const headers = (who: Who, extra: Record<string, string> = {}) => ({
      Origin: cat.server.base,
      ...(cookies[who] ? { Cookie: cookies[who]! } : {}),
      ...extra,
    });
    const get = (p: string, who: Who) => cat.server.fetch(p, { headers: headers(who) });
    const postForm = (p: string, who: Who, fields: Record<string, string | string[]>) => {
      const body = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
      return cat.server.fetch(p, { method: "POST", headers: headers(who, { "Content-Type": "application/x-www-form-urlencoded" }), body });
    };
    const postJson = (p: string, who: Who, body: unknown) =>
      cat.server.fetch(p, { method: "POST", headers: headers(who, { "Content-Type": "application/json" }), body: JSON.stringify(body) });
    const upload = (p: string, who: Who, fields: Record<string, string>, list: [string, Buffer][]) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      for (const [name, bytes] of list) form.append("files", new Blob([new Uint8Array(bytes)]), name);
      return cat.server.fetch(p, { method: "POST", headers: headers(who), body: form });
    };
    const count = async (table: "staging_files" | "console_jobs" | "records" | "pages" | "media") =>
      (await cat.db.rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
    const admin = () => ({
      database: cat.db,
      viewer: { kind: "user" as const, userId: ids.admin!, level: 64, roles: ["Amministratore"], accessLevels: [1, 2, 3] },
      locale: "it" as const,
    });
    const waitJob = async (id: number) => {
      const seen: Json[] = [];
      for (let i = 0; i < 300; i++) {
        const res = await get(`/api/auth/backend/console/jobs/${id}`, "admin");
        expect(res.status).toBe(200);
        const job = (await res.json()) as Json;
        seen.push(job);
        if (job.state !== "running") return { job, seen };
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error("job did not finish");
    };

    beforeAll(async () => {
      dataDir = tempDir("teca-con-");
      process.env.DATA_DIR = dataDir;
      delete process.env.STAGING_DIR;
      cat = await seededCatalogue(target, [
        makeRecord({ id: "v1", texts: { it: { label: "Ventaglio dipinto" } }, numero: { prefix: "INV", number: "0042" } }),
        makeRecord({
          id: "v2",
          access: 2,
          texts: { it: { label: "Ventaglio riservato" } },
          // the catalogue's tags the drop box's uploads name (by id, or by a name in any language)
          tags: [
            { id: "ritratti", type: "common", name: { it: "Ritratti" }, parents: [{ id: "soggetti", name: { it: "Soggetti" } }] },
            { id: "t-ventagli", type: "common", name: { it: "Ventagli", en: "Fans" }, parents: [] },
          ],
        }),
        makeRecord({ id: "p1", table: "ca_entities", texts: { it: { label: "Botzen" } } }),
      ]);
      for (const [key, role] of Object.entries(ROLES)) {
        const email = `${key}@example.org`;
        const u = await createUser(
          { database: cat.db },
          { email, roles: [role], password: PASSWORD, firstName: key },
          { userId: null, address: "test" },
        );
        ids[key] = u.id;
        const res = await cat.server.fetch("/api/public/login", {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: cat.server.base },
          body: JSON.stringify({ email, password: PASSWORD }),
        });
        expect(res.status, key).toBe(200);
        cookies[key as Who] = res.headers
          .getSetCookie()
          .find((c) => /^(__Host-)?teca_session=/.test(c))!
          .split(";")[0]!;
      }
    });
    afterAll(async () => {
      await cat?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      delete process.env.BUCA_MAX_FILES;
      delete process.env.BUCA_MAX_FILE_MB;
    });

    it("a catalogue imported without a home page: the home shows some of its records, not the empty catalogue's notice", async () => {
      const home = await (await get("/", "visitor")).text();
      expect(home).not.toContain("Il catalogo è ancora vuoto.");
      expect(home).toMatch(/Dall(&#x27;|')archivio/);
      expect(home).toContain("Ventaglio dipinto");
      expect(home).not.toContain("Ventaglio riservato"); // a visitor's records only
    });

    it("pages: the console is the Amministratore's, the drop box staff's, the style guide everyone's", async () => {
      const expectations: [string, Record<Who, number>][] = [
        ["/console", { visitor: 302, researcher: 404, manager: 404, admin: 200 }],
        ["/en/console/pages", { visitor: 302, researcher: 404, manager: 404, admin: 200 }],
        ["/fr/console/pages/chi-siamo", { visitor: 302, researcher: 404, manager: 404, admin: 200 }],
        ["/buca", { visitor: 302, researcher: 404, manager: 200, admin: 200 }],
        ["/styleguide", { visitor: 200, researcher: 200, manager: 200, admin: 200 }],
        ["/en/styleguide", { visitor: 200, researcher: 200, manager: 200, admin: 200 }],
      ];
      for (const [p, byWho] of expectations)
        for (const [who, status] of Object.entries(byWho)) {
          const res = await get(p, who as Who);
          expect(res.status, `${p} ${who}`).toBe(status);
          if (status === 302) expect(res.headers.get("location")).toContain(`/login?redirect=${encodeURIComponent(p)}`);
          if (status === 200 && p !== "/styleguide" && p !== "/en/styleguide")
            expect(res.headers.get("cache-control")).toContain("no-store");
        }
      const html = await (await get("/fr/console", "admin")).text();
      expect(html).toContain("<h1>Console</h1>");
      expect(html).toContain("ca_entities");
      expect(html).toContain("Base de données et serveur");
      const guide = await (await get("/fr/styleguide", "visitor")).text();
      expect(guide).toContain("<h1>Guide de style</h1>");
      expect(guide).toContain('data-theme="dark"');
    });

    it("endpoints: 401 signed out, 404 without the capability; console actions change nothing for the wrong role", async () => {
      const calls: [string, (who: Who) => Promise<Response>, Record<Who, number>][] = [
        [
          "buca",
          (w) => upload("/api/auth/backend/buca", w, { kind: "image" }, []),
          { visitor: 401, researcher: 404, manager: 400, admin: 400 },
        ],
        [
          "bucaSelect",
          (w) => postJson("/api/auth/backend/bucaSelect", w, { q: "" }),
          { visitor: 401, researcher: 404, manager: 200, admin: 200 },
        ],
        [
          "bucaTags",
          (w) => postJson("/api/auth/backend/bucaTags", w, { q: "" }),
          { visitor: 401, researcher: 404, manager: 200, admin: 200 },
        ],
        [
          "buca file",
          (w) => get("/api/auth/backend/buca/00000000-0000-0000-0000-000000000000", w),
          { visitor: 401, researcher: 404, manager: 404, admin: 404 },
        ],
        ["job", (w) => get("/api/auth/backend/console/jobs/999", w), { visitor: 401, researcher: 404, manager: 404, admin: 404 }],
      ];
      for (const [name, call, byWho] of calls)
        for (const [who, status] of Object.entries(byWho)) expect((await call(who as Who)).status, `${name} ${who}`).toBe(status);
      const jobs = await count("console_jobs");
      for (const who of ["visitor", "researcher", "manager"] as const) {
        const res = await postForm("/console", who, { intent: "reindex" });
        expect(res.status, who).toBe(who === "visitor" ? 302 : 404);
        expect((await postForm("/console/pages", who, { slug: "nuova" })).status).toBe(who === "visitor" ? 302 : 404);
        expect((await postForm("/console/pages/nuova?locale=it", who, { title: "T", body: "x", published: "on" })).status).toBe(
          who === "visitor" ? 302 : 404,
        );
      }
      expect(await count("console_jobs")).toBe(jobs);
      expect(await count("pages")).toBe(0);
    });

    it("content pages: sanitised on the server, per language with the Italian fallback, drafts and unknown slugs are 404", async () => {
      const body = [
        "# Chi siamo",
        "",
        "Un archivio **di famiglia**. [Sito](https://example.org) [male](javascript:alert(1))",
        "",
        '<script>alert(1)</script><img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe>',
        '<p style="color:red" onclick="alert(1)">testo</p><a href="/cerca" target="_top">cerca</a>',
      ].join("\n");
      const save = await postForm("/console/pages/chi-siamo?locale=it", "admin", {
        title: "Chi siamo",
        format: "markdown",
        body,
        description: "La storia dell'archivio",
        published: "on",
      });
      expect(save.status).toBe(302);
      expect(save.headers.get("location")).toBe("/console/pages/chi-siamo?locale=it&saved=1");
      const it1 = await get("/chi-siamo", "visitor");
      expect(it1.status).toBe(200);
      const html = await it1.text();
      expect(html).toContain("<h1>Chi siamo</h1>");
      expect(html).toContain("<h2>Chi siamo</h2>"); // the body's h1 becomes an h2
      expect(html).toContain("<strong>di famiglia</strong>");
      expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer" target="_blank">Sito</a>');
      expect(html).toContain('<a href="/cerca">cerca</a>');
      expect(html).toContain('<meta name="description" content="La storia dell&#x27;archivio"/>');
      const bodyHtml = html.slice(html.indexOf("content-page__body"), html.indexOf("</article>"));
      for (const bad of ["<script", "onerror", "onclick", "javascript:", "<iframe", "style=", 'target="_top"'])
        expect(bodyHtml, bad).not.toContain(bad);
      // English: not written yet, so the Italian text, marked as such
      const en = await (await get("/en/chi-siamo", "visitor")).text();
      expect(en).toContain('lang="it"');
      expect(en).toContain("This page is not available in your language yet");
      expect(
        await postForm("/en/console/pages/chi-siamo?locale=en", "admin", {
          title: "About us",
          format: "html",
          body: "<p>A <em>family</em> archive</p>",
          description: "",
          published: "on",
        }),
      ).toMatchObject({ status: 302 });
      const en2 = await (await get("/en/chi-siamo", "visitor")).text();
      expect(en2).toContain("<h1>About us</h1>");
      expect(en2).toContain("<p>A <em>family</em> archive</p>");
      expect((await get("/fr/chi-siamo", "visitor")).status).toBe(200);
      // a draft: 404 for everyone but an admin, who sees it marked
      await postForm("/console/pages/bozza?locale=it", "admin", { title: "Bozza", format: "markdown", body: "testo", description: "" });
      for (const who of ["visitor", "researcher", "manager"] as const) expect((await get("/bozza", who)).status, who).toBe(404);
      const draft = await get("/bozza", "admin");
      expect(draft.status).toBe(200);
      expect(await draft.text()).toContain("Bozza: solo gli amministratori vedono questa pagina.");
      // unknown, malformed and reserved slugs
      for (const p of ["/non-esiste", "/en/non-esiste", "/Chi-Siamo", "/chi_siamo"]) expect((await get(p, "visitor")).status, p).toBe(404);
      const audit = await cat.db.rows<{ n: number }>(
        sql`select count(*)::int as n from audit_log where event = 'page_saved' and actor_id = ${ids.admin!}`,
      );
      expect(audit[0]!.n).toBe(3);
      // the list shows the page and its versions
      const list = await (await get("/console/pages", "admin")).text();
      expect(list).toContain("/chi-siamo");
      expect(list).toContain("About us");
    });

    it("content pages: bad input is refused with a clear message and changes nothing", async () => {
      const before = await count("pages");
      const cases: [Record<string, string>, number, string][] = [
        [{ slug: "cerca" }, 400, "Questo indirizzo è usato dal sito stesso"],
        [{ slug: "console" }, 400, "Questo indirizzo è usato dal sito stesso"],
        [{ slug: "Chi Siamo!" }, 400, "Usa solo lettere minuscole"],
        [{ slug: "" }, 400, "Scrivi l&#x27;indirizzo della pagina."],
        [{ slug: "chi-siamo" }, 409, "Esiste già una pagina con questo indirizzo."],
      ];
      for (const [fields, status, message] of cases) {
        const res = await postForm("/console/pages", "admin", fields);
        expect(res.status, JSON.stringify(fields)).toBe(status);
        expect(await res.text()).toContain(message);
      }
      const ok = await postForm("/console/pages", "admin", { slug: "mostre-2026" });
      expect(ok.status).toBe(302);
      expect(ok.headers.get("location")).toBe("/mostre-2026?new=1"); // the new page opens in place, in edit mode (decision 076)
      // the editor of a reserved or malformed slug does not exist
      expect((await get("/console/pages/cerca", "admin")).status).toBe(404);
      expect((await postForm("/console/pages/cerca?locale=it", "admin", { title: "x", body: "x", published: "on" })).status).toBe(404);
      const noTitle = await postForm("/console/pages/mostre-2026?locale=it", "admin", { title: " ", body: "x", published: "on" });
      expect(noTitle.status).toBe(400);
      expect(await noTitle.text()).toContain("Ricordati di inserire il titolo");
      const long = await postForm("/console/pages/mostre-2026?locale=it", "admin", { title: "x", body: "x", description: "d".repeat(301) });
      expect(long.status).toBe(400);
      const noConfirm = await postForm("/console/pages/chi-siamo?locale=it", "admin", { intent: "delete" });
      expect(noConfirm.status).toBe(400);
      expect(await count("pages")).toBe(before);
      // the home page's row is not a content page: not shown, not overwritten
      await cat.db.rows(sql`insert into pages (slug, locale, title, content) values ('home', 'it', 'Home', '{"hero": {}}'::jsonb)`);
      expect((await get("/home", "visitor")).status).toBe(404);
      const del = await postForm("/console/pages/chi-siamo?locale=en", "admin", { intent: "delete", confirm: "on", version: "1" });
      expect(del.status).toBe(302);
      expect(await (await get("/en/chi-siamo", "visitor")).text()).toContain("<h1>Chi siamo</h1>");
    });

    it("content pages: every save a revision with a readable difference; a stale save 409 with both texts; any revision restored", async () => {
      const editor = "/fr/console/pages/storia?locale=fr";
      // a page written outside the editor (no revision yet): the first save records it first, by nobody
      await cat.db.rows(
        sql`insert into pages (slug, locale, title, content) values ('storia', 'fr', 'Histoire', ${JSON.stringify({ kind: "page", format: "markdown", source: "Première ligne\nDeuxième ligne", html: "<p>Première ligne</p>", description: "", published: true })}::jsonb)`,
      );
      const form = (version: string, body: string, extra: Record<string, string> = {}) => ({
        title: "Histoire",
        format: "markdown",
        body,
        description: "",
        published: "on",
        version,
        ...extra,
      });
      let page = await (await get(editor, "admin")).text();
      expect(page).toContain('name="version" value="0"');
      expect((await postForm(editor, "admin", form("0", "Première ligne\nDeuxième ligne modifiée"))).status).toBe(302);
      page = await (await get(editor, "admin")).text();
      expect(page).toContain('name="version" value="2"');
      expect(page).toContain("Version 2, enregistrée par admin@example.org");
      // unchanged: nothing written
      expect((await postForm(editor, "admin", form("2", "Première ligne\nDeuxième ligne modifiée"))).status).toBe(302);
      // a second admin's editor opened at version 2 saves first …
      expect(
        (await postForm(editor, "admin", form("2", "Première ligne\nTroisième version", { title: "Histoire de l'archive" }))).status,
      ).toBe(302);
      // … so this save from version 2 is stale: 409, nothing written, both texts shown, the form keeps mine
      const stale = await postForm(editor, "admin", form("2", "Mon texte à moi"));
      expect(stale.status).toBe(409);
      const staleHtml = await stale.text();
      expect(staleHtml).toContain("Quelqu&#x27;un d&#x27;autre a enregistré cette page entre-temps.");
      expect(staleHtml).toContain("Votre version");
      expect(staleHtml).toContain("La version actuelle");
      expect(staleHtml).toContain("Troisième version"); // the current text
      expect(staleHtml.match(/Mon texte à moi/g)!.length).toBeGreaterThanOrEqual(2); // beside it, and still in the form
      expect(staleHtml).toContain('name="version" value="3"');
      const revs = await cat.db.rows<{ version: number; author: string | null; removed: boolean }>(
        sql`select version, author_id as author, value is null as removed from revisions where kind = 'page' and key = 'storia' and locale = 'fr' order by version`,
      );
      expect(revs.map((r) => [r.version, r.author ? "admin" : null])).toEqual([
        [1, null],
        [2, "admin"],
        [3, "admin"],
      ]);
      // the history: newest first, each field by its name with its value before and after, the body line by line
      // (issue 31 §4: no `title:` key)
      const history = await (await get(`${editor}&history=1`, "admin")).text();
      expect(history).toContain("Historique des versions");
      expect(history).toContain("Versions enregistrées : 3");
      expect(history).toMatch(
        /revision-change__field">Titre<\/span><span class="revision-change__values"><del><span class="visually-hidden">avant : <\/span>Histoire<\/del>.*?<ins><span class="visually-hidden">après : <\/span>Histoire de l&#x27;archive<\/ins>/,
      );
      expect(history).toMatch(/revision-change__field">Texte de la page<\/span><ul class="settings-diff">/);
      expect(history).toMatch(/settings-diff__del"><del>(?:(?!<\/li>).)*Deuxième ligne modifiée<\/del>/);
      expect(history).toContain("Troisième version");
      expect(history).not.toMatch(/\b(title|source|description|published): /);
      // restore version 1: a new version 4, the visitor sees its text again
      // not for anyone else: the visitor is sent to sign in, the others get 404, nothing is written (version 4 comes next)
      const visitorRestore = await postForm(editor, "visitor", { intent: "restore", restore: "1", version: "3" });
      expect(visitorRestore.status).toBe(302);
      expect(visitorRestore.headers.get("location")).toMatch(/^\/fr\/login\?/);
      for (const who of ["researcher", "manager"] as const)
        expect((await postForm(editor, who, { intent: "restore", restore: "1", version: "3" })).status, who).toBe(404);
      const restoreStale = await postForm(editor, "admin", { intent: "restore", restore: "1", version: "2" });
      expect(restoreStale.status).toBe(409);
      // opened from the admin bar (`back`): the way back leads to the page, and so does a restore (issue 31 §4)
      const fromBar = await (await get(`${editor}&history=1&back=%2Ffr%2Fstoria`, "admin")).text();
      expect(fromBar).toMatch(/<a href="\/fr\/storia"[^>]*>Retour à la page<\/a>/);
      expect(fromBar).toContain('name="back" value="/fr/storia"');
      expect(await (await get(`${editor}&history=1&back=%2F%2Fevil.example`, "admin")).text()).not.toContain("Retour à la page");
      const restored = await postForm(editor, "admin", { intent: "restore", restore: "1", version: "3", back: "/fr/storia" });
      expect(restored.status).toBe(302);
      expect(restored.headers.get("location")).toBe("/fr/storia?restored=1");
      const visitorPage = await (await get("/fr/storia", "visitor")).text();
      expect(visitorPage).toContain("<h1>Histoire</h1>");
      expect(visitorPage).toContain("Deuxième ligne");
      expect(await (await get(`${editor}&history=1`, "admin")).text()).toContain("restaure la 1");
      // a removal is a revision too; the page comes back by restoring the version before it
      expect((await postForm(editor, "admin", { intent: "delete", confirm: "on", version: "3" })).status).toBe(409);
      expect((await postForm(editor, "admin", { intent: "delete", confirm: "on", version: "4" })).status).toBe(302);
      for (const p of ["/fr/storia", "/storia"]) expect((await get(p, "visitor")).status, p).toBe(404); // no other language to fall back on
      expect((await postForm(editor, "admin", { intent: "restore", restore: "5", version: "5" })).status).toBe(404); // a removal cannot be restored
      expect((await postForm(editor, "admin", { intent: "restore", restore: "3", version: "5" })).status).toBe(302);
      expect(await (await get("/fr/storia", "visitor")).text()).toContain("Troisième version");
      const audit = await cat.db.rows<{ event: string }>(sql`select event from audit_log where detail->>'slug' = 'storia' order by id`);
      expect(audit.map((a) => a.event)).toEqual(["page_saved", "page_saved", "page_saved", "page_deleted", "page_saved"]);
    });

    it("the reserved slugs hold the first segment of every route of app/routes.ts", () => {
      const firsts = new Set<string>();
      const walk = (list: { path?: string; children?: unknown[] }[]) => {
        for (const r of list) {
          const first = (r.path ?? "").split("/")[0]!.toLowerCase();
          if (first && !first.startsWith(":") && first !== "*") firsts.add(first);
          // a child's path continues its parent's; only a pathless (layout) route's children start at the root
          if (r.children && !r.path) walk(r.children as { path?: string }[]);
        }
      };
      walk(routes as { path?: string }[]);
      expect(firsts.size).toBeGreaterThan(10);
      for (const f of firsts) expect(RESERVED_SLUGS.has(f), f).toBe(true);
    });

    it("sanitising: markdown and HTML keep structure, lose every script vector", () => {
      const out = renderPageBody(
        "html",
        '<a href="JaVaScRiPt:alert(1)">x</a><img src="http://insecure.example/a.png" alt="a"><img src="https://ok.example/b.png" alt="b" onload="x()"><svg><script>1</script></svg><object data="x"></object><form><input></form><table><tr><th scope="col">A</th></tr></table>',
      );
      expect(out).not.toMatch(/javascript|onload|<svg|<object|<form|<input|http:\/\//i);
      expect(out).toContain('<img src="https://ok.example/b.png" alt="b" loading="lazy" />');
      expect(out).toContain('<th scope="col">A</th>');
      expect(renderPageBody("markdown", "<script>x</script>\n\n**ok**")).toBe("<p><strong>ok</strong></p>");
    });

    it("drop box: images and documents checked by content; success and failure in three languages; nothing added on any refusal", async () => {
      const before = await count("staging_files");
      const ok = await upload(
        "/api/auth/backend/buca?locale=it",
        "manager",
        { kind: "image", target: "ca_objects", tags: "ritratti, 1846" },
        [
          ["foto.png", await files.png()],
          ["scansione.JPG", await files.jpg()],
          ["lastra.tiff", await files.tif()],
        ],
      );
      expect(ok.status).toBe(200);
      const okBody = (await ok.json()) as Json;
      expect(okBody.message).toBe("Inserito con successo!");
      expect(okBody.ids).toHaveLength(3);
      // the JSON endpoint (spec §7) keeps the catalogue's tags and names the words that are none (issue 31 §2)
      expect(okBody.unknownTags).toEqual(["1846"]);
      expect(okBody.notice).toBe("Non sono etichette del catalogo e non sono state salvate: 1846.");
      const rows = await cat.db.rows<{
        stored_name: string;
        original_name: string;
        ext: string;
        mime: string;
        tags: string[];
        target: string;
        uploaded_by: string;
      }>(sql`select stored_name, original_name, ext, mime, tags, target, uploaded_by from staging_files order by original_name`);
      expect(rows.map((r) => [r.original_name, r.ext, r.mime])).toEqual([
        ["foto.png", "png", "image/png"],
        ["lastra.tiff", "tif", "image/tiff"],
        ["scansione.JPG", "jpg", "image/jpeg"],
      ]);
      for (const r of rows) {
        expect(r.stored_name).toMatch(/^[\w-]{24}\.(png|jpg|tif)$/);
        expect(r.stored_name).not.toContain(r.original_name.split(".")[0]);
        expect(fs.existsSync(path.join(dataDir, "staging", r.stored_name))).toBe(true);
        expect(r.tags).toEqual(["ritratti"]);
        expect(r.target).toBe("ca_objects");
        expect(r.uploaded_by).toBe(ids.manager);
      }
      const docs = await upload("/api/auth/backend/buca?locale=en", "admin", { kind: "document", target: "ca_objects/v1", tags: "FANS" }, [
        ["atto.pdf", files.pdf()],
        ["lettera.docx", files.docx()],
        ["pacchetto.zip", files.zip()],
        ["scheda.xml", files.xml()],
        ["vecchio.doc", files.doc()],
      ]);
      expect(docs.status).toBe(200);
      expect(((await docs.json()) as Json).message).toBe("Uploaded successfully!");
      expect(await count("staging_files")).toBe(before + 8);
      // refused by content: the whole batch, whatever else it held
      const refusals: [string, Record<string, string>, [string, Buffer][], number, string][] = [
        [
          "it",
          { kind: "image" },
          [
            ["buona.png", await files.png()],
            ["pagina.png", files.html()],
          ],
          415,
          "Ci dispiace, qualcosa è andato storto",
        ],
        ["en", { kind: "image" }, [["finto.png", files.pdf()]], 415, "Sorry, something went wrong"],
        ["fr", { kind: "document" }, [["disegno.xml", files.svg()]], 415, "Désolé, quelque chose s'est mal passé"],
        // The same drawing in UTF-16, with and without its byte-order mark (issue 29 §6: it passed as UTF-8).
        [
          "it",
          { kind: "document" },
          [["disegno16.xml", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(files.svg().toString("utf8"), "utf16le")])]],
          415,
          "Ci dispiace",
        ],
        [
          "it",
          { kind: "document" },
          [["disegno16be.xml", Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(files.svg().toString("utf8"), "utf16le").swap16()])]],
          415,
          "Ci dispiace",
        ],
        ["it", { kind: "document" }, [["foto.pdf", await files.png()]], 415, "Ci dispiace"],
        ["it", { kind: "image" }, [["nota.txt", Buffer.from("testo")]], 415, "Ci dispiace"],
        ["it", { kind: "image" }, [["vuoto.png", Buffer.alloc(0)]], 415, "Ci dispiace"],
        ["it", { kind: "archivio" }, [["foto.png", await files.png()]], 400, "Ci dispiace"],
        ["it", { kind: "image", target: "nessuna/tabella/qui" }, [["foto.png", await files.png()]], 400, "Ci dispiace"],
        ["it", { kind: "image" }, [], 400, "Ci dispiace"],
      ];
      for (const [locale, fields, list, status, message] of refusals) {
        const res = await upload(`/api/auth/backend/buca?locale=${locale}`, "manager", fields, list);
        expect(res.status, JSON.stringify(fields) + list.map((l) => l[0])).toBe(status);
        expect(((await res.json()) as Json).error.message).toContain(message);
      }
      const named = (await (
        await upload("/api/auth/backend/buca?locale=en", "manager", { kind: "image" }, [["pagina.png", files.html()]])
      ).json()) as Json;
      expect(named.error.reason).toContain("“pagina.png”");
      expect(await count("staging_files")).toBe(before + 8);
      expect(fs.readdirSync(path.join(dataDir, "staging"))).toHaveLength(before + 8);
    });

    it("drop box: over the count or size limit, 'Superato limiti di file da caricare!' and nothing added", async () => {
      const before = await count("staging_files");
      process.env.BUCA_MAX_FILES = "2";
      const png = await files.png();
      const many = await upload("/api/auth/backend/buca", "manager", { kind: "image" }, [
        ["a.png", png],
        ["b.png", png],
        ["c.png", png],
      ]);
      expect(many.status).toBe(413);
      expect(((await many.json()) as Json).error.message).toBe("Superato limiti di file da caricare!");
      delete process.env.BUCA_MAX_FILES;
      process.env.BUCA_MAX_FILE_MB = "1";
      const big = Buffer.concat([png, Buffer.alloc(1024 * 1024 + 10)]);
      const large = await upload("/api/auth/backend/buca?locale=fr", "manager", { kind: "image" }, [["grande.png", big]]);
      expect(large.status).toBe(413);
      expect(((await large.json()) as Json).error.message).toBe("Limites de fichiers à déposer dépassées !");
      delete process.env.BUCA_MAX_FILE_MB;
      expect(await count("staging_files")).toBe(before);
      // the page's own form answers the same (and keeps nothing)
      const page = await upload("/buca", "manager", { kind: "image" }, [["pagina.png", files.html()]]);
      expect(page.status).toBe(415);
      expect(await count("staging_files")).toBe(before);
    });

    it("drop box: targets and tags to choose from; staged files listed in the console and downloaded as attachments only", async () => {
      const targets = (await (await postJson("/api/auth/backend/bucaSelect", "manager", { q: "ventaglio", locale: "it" })).json()) as Json;
      expect(targets.items.map((i: Json) => i.value).sort()).toEqual(["ca_objects/v1", "ca_objects/v2"]);
      const tables = (await (await postJson("/api/auth/backend/bucaSelect", "manager", {})).json()) as Json;
      expect(tables.items.map((i: Json) => i.value)).toEqual(["ca_objects", "ca_entities"]);
      expect((await postJson("/api/auth/backend/bucaSelect", "manager", { q: 5 })).status).toBe(400);
      expect(((await (await postJson("/api/auth/backend/bucaTags", "manager", { q: "zzz" })).json()) as Json).items).toEqual([]);
      const console = await (await get("/console", "admin")).text();
      expect(console).toContain("foto.png");
      expect(console).toContain("manager@example.org");
      // the audit section says its events in words (issue 31 §9), never by their codes (`dropbox_upload`)
      expect(console).toContain("File caricati nella buca dei materiali");
      const log = /<section aria-labelledby="audit"[\s\S]*?<\/section>/.exec(console)![0].replace(/<[^>]+>/g, " ");
      for (const e of AUDIT_EVENTS) expect(log, e).not.toMatch(new RegExp(`\\b${e}\\b`));
      const [row] = await cat.db.rows<{ id: string; stored_name: string }>(
        sql`select id, stored_name from staging_files where original_name = 'scheda.xml'`,
      );
      const res = await get(`/api/auth/backend/buca/${row!.id}`, "admin");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="scheda.xml"/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toContain("sandbox");
      expect(res.headers.get("content-type")).toBe("application/xml");
      expect(Buffer.from(await res.arrayBuffer()).equals(files.xml())).toBe(true);
      expect((await get(`/api/auth/backend/buca/${row!.id}`, "manager")).status).toBe(404);
    });

    it("drop box: the upload form names the words that are no tags before keeping anything, and goes on without them only when asked", async () => {
      const before = await count("staging_files");
      const png = await files.png();
      // issue 31 §2: '1846' is no tag of the catalogue: nothing is kept, the page names it and offers to go on
      const asked = await upload("/buca", "manager", { kind: "image", tags: "ritratti, 1846" }, [["dubbio.png", png]]);
      expect(asked.status).toBe(422);
      const askedPage = (await asked.text()).replace(/<!-- -->/g, "");
      expect(askedPage).toContain("Queste parole non sono etichette del catalogo: 1846.");
      expect(askedPage).toContain("Carica senza queste parole");
      expect(await count("staging_files")).toBe(before);
      // known tags only (by id, or by a name in any language and case): no question
      const known = await upload("/fr/buca", "manager", { kind: "image", tags: "RITRATTI, Fans" }, [["certo.png", png]]);
      expect(known.status).toBe(200);
      // the uploader chose to go on without them: kept with the catalogue's tags only
      const dropped = await upload("/buca", "manager", { kind: "image", tags: "ritratti, 1846", unknownTags: "drop" }, [
        ["dubbio.png", png],
      ]);
      expect(dropped.status).toBe(200);
      expect((await dropped.text()).replace(/<!-- -->/g, "")).toContain("Non sono etichette del catalogo e non sono state salvate: 1846.");
      const rows = await cat.db.rows<{ original_name: string; tags: string[] }>(
        sql`select original_name, tags from staging_files where original_name in ('dubbio.png', 'certo.png') order by original_name`,
      );
      expect(rows).toEqual([
        { original_name: "certo.png", tags: ["ritratti", "t-ventagli"] },
        { original_name: "dubbio.png", tags: ["ritratti"] },
      ]);
      // the service the form asks
      const checked = await checkTags({ ...admin(), locale: "en" }, ["fans", "ritratti", "nope"]);
      expect(checked).toEqual({
        found: [
          { id: "t-ventagli", name: "Fans" },
          { id: "ritratti", name: "Ritratti" },
        ],
        unknown: ["nope"],
      });
      for (const id of (
        await cat.db.rows<{ id: string }>(sql`select id from staging_files where original_name in ('dubbio.png', 'certo.png')`)
      ).map((r) => r.id))
        await deleteStaged(admin(), id);
    });

    it("staff pick records by title, type and inventory number, never by an internal code (issue 31 §9)", async () => {
      const found = await findTargetRecords(admin(), "ventaglio");
      expect(found.map((r) => r.value).sort()).toEqual(["ca_objects/v1", "ca_objects/v2"]);
      for (const r of found) {
        expect(r.label).toContain(r.title);
        expect(r.label).not.toMatch(/ca_objects|\/v\d/);
      }
      const byNumber = await findTargetRecords(admin(), "INV 0042");
      expect(byNumber.map((r) => r.value)).toEqual(["ca_objects/v1"]);
      expect(byNumber[0]!.label).toBe("Ventaglio dipinto — Oggetti · inv. INV 0042");
      const api = (await (await postJson("/api/auth/backend/bucaSelect", "manager", { q: "ventaglio", locale: "it" })).json()) as Json;
      for (const i of api.items) expect(i.label).not.toMatch(/ca_objects|\(|\/v\d/);
      // the console names what an upload is meant for by the record's title, not 'ca_objects/v1'
      const [foto] = await cat.db.rows<{ id: string }>(sql`select id from staging_files where original_name = 'foto.png'`);
      await cat.db.rows(sql`update staging_files set target = 'ca_objects/v1' where id = ${foto!.id}`);
      const text = (await (await get("/console", "admin")).text()).replace(/<!-- -->/g, "");
      const row = text.slice(text.indexOf(">foto.png<"), text.indexOf("</tr>", text.indexOf(">foto.png<")));
      expect(row).toContain("Ventaglio dipinto");
      expect(row).not.toMatch(/>[^<]*ca_objects\/v1[^<]*</);
      expect(row).toContain(`/console/buca/${foto!.id}`);
      // the attach page lists what a search finds, by title, with no code in what it shows
      const attach = (await (await get(`/console/buca/${foto!.id}?q=ventaglio`, "admin")).text()).replace(/<!-- -->/g, "");
      expect(attach).toContain("Ventaglio dipinto");
      expect(attach).toContain("Ventaglio riservato");
      // what the page shows (scripts carry the form's values, never shown)
      const shownText = attach.replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]*>/g, " ");
      expect(shownText).toContain("Ventaglio dipinto");
      expect(shownText).not.toMatch(/ca_objects/);
    });

    it("a staged image attached to a record stays hidden until confirmed; undone, it is back in the staging area; confirmed, it shows", async () => {
      const [row] = await cat.db.rows<{ id: string; stored_name: string }>(
        sql`select id, stored_name from staging_files where original_name = 'foto.png'`,
      );
      const id = row!.id;
      // an older upload kept the words as typed: '1846' is said on the attach page, and never given
      await cat.db.rows(sql`update staging_files set tags = '["ritratti", "1846"]'::jsonb where id = ${id}`);
      const before = await count("staging_files");
      const page = `/console/buca/${id}`;
      const fields = {
        intent: "attach",
        target: "ca_objects/v1",
        access: "public",
        title_it: "Ventaglio, recto",
        title_en: "Fan, front",
        title_fr: "Éventail, recto",
        license: "CC-BY-4.0",
        credit: "Foto: Archivio Rossi",
      };
      // the wrong role; no access chosen; a record that is not there: nothing changes
      expect((await get(page, "manager")).status).toBe(404);
      expect((await postForm(page, "manager", fields)).status).toBe(404);
      const noAccess = await postForm(page, "admin", { ...fields, access: "" });
      expect(noAccess.status).toBe(400);
      expect(await noAccess.text()).toContain("Scegli chi potrà vedere il file: nulla è stato collegato.");
      const missing = await postForm(`/en${page}`, "admin", { ...fields, target: "ca_objects/nessuno" });
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain("Choose one of the records found: nothing was attached.");
      expect(await cat.db.rows(sql`select 1 from media m join records r on r.uid = m.record_uid where r.id = 'v1'`)).toEqual([]);
      const form = (await (await get(page, "admin")).text()).replace(/<!-- -->/g, "");
      expect(form).toContain("Alla conferma la scheda riceverà queste etichette: Ritratti.");
      expect(form).toContain("Non sono etichette del catalogo e non verranno date: 1846.");

      // attached: a pending media with its caption per language, access and rights; hidden from everyone
      const ok = await postForm(page, "admin", fields);
      expect(ok.status).toBe(302);
      expect(ok.headers.get("location")).toBe(`${page}?notice=attached#preview`);
      const pendingMedia = async () =>
        (
          await cat.db.rows<{
            id: number;
            pending: boolean;
            restricted: boolean;
            title: Json;
            license: string;
            credit: string;
            thumbnail: string;
          }>(
            sql`select m.id, m.pending, m.restricted, m.title, m.license, m.credit, m.thumbnail from media m join records r on r.uid = m.record_uid
              where r.table_name = 'ca_objects' and r.id = 'v1'`,
          )
        )[0];
      const m = await pendingMedia();
      expect(m).toMatchObject({
        pending: true,
        restricted: false,
        title: { it: "Ventaglio, recto", en: "Fan, front", fr: "Éventail, recto" },
        license: "CC-BY-4.0",
        credit: "Foto: Archivio Rossi",
      });
      expect(fs.existsSync(path.join(cat.store, m!.thumbnail))).toBe(true);
      expect(await count("staging_files")).toBe(before); // still there, linked to its media
      expect(fs.existsSync(path.join(dataDir, "staging", row!.stored_name))).toBe(true);
      const hiddenFromVisitors = async () => {
        const [rec] = await cat.db.rows<{ has_media: boolean; has_restricted_media: boolean; tag_ids: string[] }>(
          sql`select has_media, has_restricted_media, tag_ids from records where table_name = 'ca_objects' and id = 'v1'`,
        );
        expect(rec).toEqual({ has_media: false, has_restricted_media: false, tag_ids: [] });
        const docs = await cat.db.rows<{ has_media: boolean }>(
          sql`select d.has_media from search_docs d join records r on r.uid = d.record_uid where r.id = 'v1'`,
        );
        expect(docs.every((d) => !d.has_media)).toBe(true);
        for (const who of ["visitor", "researcher", "admin"] as const) {
          const record = (await (await cat.server.fetch("/oggetti/v1", { redirect: "follow", headers: headers(who) })).text()).replace(
            /<!-- -->/g,
            "",
          );
          expect(record, who).not.toContain(m!.thumbnail);
          expect(record, who).not.toContain("Ventaglio, recto");
          expect((await get(`/media/${m!.thumbnail}`, who)).status, who).toBe(404);
          const manifest = await get("/iiif/manifest/ca_objects/v1", who);
          expect(await manifest.text(), who).not.toContain(m!.thumbnail.split("-")[0]!);
          const results = (await (await get("/cerca?q=ventaglio&media=con_media", who)).text()).replace(/<!-- -->/g, "");
          expect(results, who).not.toContain("Ventaglio dipinto");
        }
      };
      await hiddenFromVisitors();
      // the attach page previews it for the administrator, as visitors will see it once confirmed
      const review = (await (await get(page, "admin")).text()).replace(/<!-- -->/g, "");
      expect(review).toContain("Ora nessun visitatore vede questo file.");
      expect(review).toContain("i visitatori lo vedranno sulla pagina della scheda, come «Media 1 di 1».");
      expect(review).toContain("Foto: Archivio Rossi · CC-BY-4.0");
      expect(review).toContain(`/api/auth/backend/buca/${id}/preview`);
      const preview = await get(`/api/auth/backend/buca/${id}/preview`, "admin");
      expect(preview.status).toBe(200);
      expect(preview.headers.get("content-type")).toBe("image/webp");
      expect(preview.headers.get("cache-control")).toBe("private, no-store");
      expect((await get(`/api/auth/backend/buca/${id}/preview`, "manager")).status).toBe(404);
      // the console lists it as waiting for confirmation, no longer as a file to attach
      const consolePage = (await (await get("/console", "admin")).text()).replace(/<!-- -->/g, "");
      expect(consolePage).toContain("Collegati, da confermare");
      expect(consolePage).toContain("Rivedi e conferma foto.png");

      // undone: the media row goes, the file is in the staging area as it was, the record unchanged
      const undo = await postForm(page, "admin", { intent: "undo" });
      expect(undo.status).toBe(302);
      expect(undo.headers.get("location")).toBe(`${page}?notice=undone`);
      expect(await pendingMedia()).toBeUndefined();
      const [back] = await cat.db.rows<{ media_id: number | null }>(sql`select media_id from staging_files where id = ${id}`);
      expect(back).toEqual({ media_id: null });
      expect(fs.existsSync(path.join(dataDir, "staging", row!.stored_name))).toBe(true);
      expect((await postForm(page, "admin", { intent: "undo" })).status).toBe(409);
      await hiddenFromVisitors();

      // attached again, for authorised users only, then changed before confirming: still hidden
      expect((await postForm(page, "admin", { ...fields, access: "restricted" })).status).toBe(302);
      const saved = await postForm(page, "admin", { ...fields, title_it: "Ventaglio dipinto, recto" });
      expect(saved.headers.get("location")).toBe(`${page}?notice=saved#preview`);
      expect(await pendingMedia()).toMatchObject({ pending: true, restricted: false, title: { it: "Ventaglio dipinto, recto" } });
      expect(await count("media")).toBe(1);
      await hiddenFromVisitors();

      // confirmed: shown to visitors with its caption and rights; the tags given; the staged file gone
      const confirmed = await postForm(page, "admin", { intent: "confirm" });
      expect(confirmed.status).toBe(302);
      expect(confirmed.headers.get("location")).toBe("/console?notice=confirmed#staging");
      // the tag counts are read back from the admin's own audit entry, never from the address
      const notice = (await (await get(confirmed.headers.get("location")!, "admin")).text()).replace(/<!-- -->/g, "");
      expect(notice).toContain("File mostrato sulla scheda");
      expect(notice).toContain("Etichette date alla scheda: 1. Non sono etichette del catalogo e non sono state date: 1846.");
      const forged = (
        await (await get("/console?notice=confirmed&given=7&unknown=Chiama+il+numero+0123#staging", "manager")).text()
      ).replace(/<!-- -->/g, "");
      expect(forged).not.toContain("Chiama il numero");
      expect(await pendingMedia()).toMatchObject({ pending: false, restricted: false });
      const linked = await cat.db.rows<{ tag_id: string; inherited: boolean }>(
        sql`select rt.tag_id, rt.inherited from record_tags rt join records r on r.uid = rt.record_uid where r.table_name = 'ca_objects' and r.id = 'v1' order by rt.tag_id`,
      );
      expect(linked).toEqual([
        { tag_id: "ritratti", inherited: false },
        { tag_id: "soggetti", inherited: true },
      ]);
      const [v1] = await cat.db.rows<{ tag_ids: string[]; has_media: boolean }>(
        sql`select tag_ids, has_media from records where table_name = 'ca_objects' and id = 'v1'`,
      );
      expect(v1).toEqual({ tag_ids: ["ritratti", "soggetti"], has_media: true });
      const docsTagged = await cat.db.rows<{ locale: string }>(
        sql`select d.locale from search_docs d join records r on r.uid = d.record_uid
          where r.id = 'v1' and d.has_media and d.tag_nums @> (select array_agg(num) from tags where id in ('ritratti', 'soggetti')) order by d.locale`,
      );
      expect(docsTagged.map((d) => d.locale)).toEqual(["en", "fr", "it"]);
      expect(await (await cat.server.fetch("/cerca?filtro=soggetti&media=con_media")).text()).toContain("Ventaglio dipinto");
      const shown = (await (await cat.server.fetch("/fr/oggetti/v1", { redirect: "follow" })).text()).replace(/<!-- -->/g, "");
      expect(shown).toContain(`/media/${m!.thumbnail}`);
      expect(shown).toContain("Éventail, recto");
      expect(shown).toContain("Foto: Archivio Rossi · CC-BY-4.0");
      expect((await get(`/media/${m!.thumbnail}`, "visitor")).status).toBe(200);
      expect(await count("staging_files")).toBe(before - 1);
      expect(fs.existsSync(path.join(dataDir, "staging", row!.stored_name))).toBe(false);
      expect((await postForm(page, "admin", { intent: "confirm" })).status).toBe(404);

      // a document is stored as it is; 'FANS' is the English name of a tag: given by name, whatever the case
      const [pdf] = await cat.db.rows<{ id: string }>(sql`select id from staging_files where original_name = 'atto.pdf'`);
      const pdfPage = `/console/buca/${pdf!.id}`;
      expect((await postForm(pdfPage, "admin", { ...fields, target: "ca_entities/p1" })).status).toBe(302);
      expect((await postForm(pdfPage, "admin", { intent: "confirm" })).status).toBe(302);
      const [doc] = await cat.db.rows<{ media_type: string; mime: string; pending: boolean }>(
        sql`select media_type, mime, pending from media m join records r on r.uid = m.record_uid where r.id = 'p1'`,
      );
      expect(doc).toEqual({ media_type: "application", mime: "application/pdf", pending: false });
      const [p1] = await cat.db.rows<{ tag_ids: string[] }>(
        sql`select tag_ids from records where table_name = 'ca_entities' and id = 'p1'`,
      );
      expect(p1!.tag_ids).toEqual(["t-ventagli"]);
      // discarding removes a file and its row
      const [zipRow] = await cat.db.rows<{ id: string }>(sql`select id from staging_files where original_name = 'pacchetto.zip'`);
      expect((await postForm("/console", "manager", { intent: "discard", staged: zipRow!.id })).status).toBe(404);
      expect((await postForm("/console", "admin", { intent: "discard", staged: zipRow!.id })).status).toBe(302);
      expect(await count("staging_files")).toBe(before - 3);
      const events = await cat.db.rows<{ event: string }>(
        sql`select event from audit_log where event in ('dropbox_attached', 'dropbox_detached', 'dropbox_confirmed') order by id`,
      );
      expect(events.map((e) => e.event)).toEqual([
        "dropbox_attached",
        "dropbox_detached",
        "dropbox_attached",
        "dropbox_attached",
        "dropbox_confirmed",
        "dropbox_attached",
        "dropbox_confirmed",
      ]);
    });

    it("a background import: the page answers at once, the job reports its progress and its report, and changes the catalogue", async () => {
      const records = await count("records");
      const ndjson = `${[makeRecord({ id: "n1" }), makeRecord({ id: "n2" }), makeRecord({ id: "n3", table: "ca_entities" })]
        .map((r) => JSON.stringify(r))
        .join("\n")}\n`;
      const form = new FormData();
      form.append("intent", "import");
      form.append("file", new Blob([ndjson]), "nuove.ndjson");
      const res = await cat.server.fetch("/en/console", { method: "POST", headers: headers("admin"), body: form });
      expect(res.status).toBe(302);
      const id = Number(/\?job=(\d+)$/.exec(res.headers.get("location") ?? "")![1]);
      expect(res.headers.get("location")).toBe(`/en/console?job=${id}`);
      const { job, seen } = await waitJob(id);
      expect(seen.every((j) => ["running", "complete"].includes(j.state))).toBe(true);
      expect(job).toMatchObject({ kind: "import", state: "complete", source: "nuove.ndjson", step: "done", done: 3, total: 3 });
      expect(job.report).toMatchObject({ imported: 3, rejectedCount: 0, failed: null });
      expect(await count("records")).toBe(records + 3);
      // the uploaded file is gone, the audit names the admin, the page shows the report
      expect(fs.readdirSync(path.join(dataDir, "imports"))).toEqual([]);
      const audit = await cat.db.rows<{ actor_id: string }>(sql`select actor_id from audit_log where event = 'console_import'`);
      expect(audit.map((a) => a.actor_id)).toEqual([ids.admin]);
      const page = await (await get(`/en/console?job=${id}`, "admin")).text();
      expect(page).toContain("Records imported: 3");
    });

    it("an import with invalid lines: nothing written unless they are skipped; the report names the lines", async () => {
      const records = await count("records");
      const ndjson = `${JSON.stringify(makeRecord({ id: "k1" }))}\n{"table": "nessuna"}\nnot json\n`;
      const send = (skip: boolean) => {
        const form = new FormData();
        form.append("intent", "import");
        if (skip) form.append("skipInvalid", "on");
        form.append("file", new Blob([ndjson]), "righe.ndjson");
        return cat.server.fetch("/console", { method: "POST", headers: headers("admin"), body: form });
      };
      const first = await waitJob(Number(/job=(\d+)/.exec((await send(false)).headers.get("location")!)![1]));
      expect(first.job.state).toBe("failed");
      expect(first.job.report).toMatchObject({ imported: 0, rejectedCount: 2 });
      expect(first.job.report.rejected.map((r: Json) => r.line)).toEqual([2, 3]);
      expect(await count("records")).toBe(records);
      const second = await waitJob(Number(/job=(\d+)/.exec((await send(true)).headers.get("location")!)![1]));
      expect(second.job).toMatchObject({ state: "complete", report: { imported: 1, rejectedCount: 2 } });
      expect(await count("records")).toBe(records + 1);
      // bad uploads start nothing
      const jobs = await count("console_jobs");
      const wrongName = new FormData();
      wrongName.append("intent", "import");
      wrongName.append("file", new Blob(["{}"]), "dati.csv");
      const refused = await cat.server.fetch("/console", { method: "POST", headers: headers("admin"), body: wrongName });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Il file deve essere in formato NDJSON");
      expect((await postForm("/console", "admin", { intent: "nonsense" })).status).toBe(400);
      expect(await count("console_jobs")).toBe(jobs);
    });

    it("one job at a time; re-index and VACUUM ANALYZE; a job whose process is gone is reported interrupted", async () => {
      const file = keepImportUpload(
        new TextEncoder().encode(Array.from({ length: 50 }, (_, i) => JSON.stringify(makeRecord({ id: `b${i}` }))).join("\n")),
      );
      const id = await startImport(admin(), { file, source: "molte.ndjson", skipInvalid: false }, { mediaStore: cat.store });
      await expect(startVacuum(admin())).rejects.toEqual(new ConsoleError("busy"));
      const busy = await postForm("/console", "admin", { intent: "vacuum" });
      expect([409, 302]).toContain(busy.status); // 409 while the import runs (302 if it has just ended)
      await jobRun(id);
      expect((await waitJob(id)).job.state).toBe("complete");
      for (const intent of ["reindex", "vacuum"]) {
        const res = await postForm("/fr/console", "admin", { intent });
        expect(res.status, intent).toBe(302);
        const { job } = await waitJob(Number(/job=(\d+)/.exec(res.headers.get("location")!)![1]));
        expect(job.state, intent).toBe("complete");
        if (intent === "reindex") expect(job.report.records).toBe(await count("records"));
      }
      const [row] = await cat.db.rows<{ id: string }>(
        sql`insert into console_jobs (kind, state, owner, updated_at) values ('reindex', 'running', 'another host pid 1', now() - interval '5 minutes') returning id`,
      );
      const jobs = await listJobs(admin());
      expect(jobs.find((j) => j.id === Number(row!.id))?.state).toBe("interrupted");
    });
    it("ICCD import and re-derive media: Amministratore only; a bad file refused with nothing changed; a scheda imported; a deleted derivative made again", async () => {
      const xml = fs.readFileSync(path.resolve(__dirname, "../../../shared/data/iccd/xml/1600015549.xml"));
      const sendIccd = (who: Who, bytes: Buffer, name: string, prefix = "") => {
        const form = new FormData();
        form.append("intent", "iccd");
        form.append("file", new Blob([new Uint8Array(bytes)]), name);
        return cat.server.fetch(`${prefix}/console`, { method: "POST", headers: headers(who), body: form });
      };
      const jobs = await count("console_jobs");
      const records = await count("records");
      for (const who of ["visitor", "researcher", "manager"] as const) {
        expect((await sendIccd(who, xml, "scheda.xml")).status, who).toBe(who === "visitor" ? 302 : 404);
        expect((await postForm("/console", who, { intent: "rederive" })).status, who).toBe(who === "visitor" ? 302 : 404);
      }
      // not a scheda (an XML file, a text renamed .xml): refused in the page's language, nothing kept or started
      const notXml = await sendIccd("admin", files.xml(), "scheda.xml");
      expect(notXml.status).toBe(400);
      expect(await notXml.text()).toContain("Il file non è una scheda ICCD: non è stato importato nulla.");
      const renamed = await sendIccd("admin", Buffer.from("not xml at all"), "scheda.xml", "/fr");
      expect(renamed.status).toBe(400);
      expect(await renamed.text()).toContain("Le fichier n&#x27;est pas une notice ICCD");
      expect(await count("console_jobs")).toBe(jobs);
      expect(await count("records")).toBe(records);
      expect(fs.readdirSync(path.join(dataDir, "imports"))).toEqual([]);
      // a scheda: imported through the import job, audited
      const ok = await sendIccd("admin", xml, "1600015549.xml", "/en");
      expect(ok.status).toBe(302);
      const { job } = await waitJob(Number(/job=(\d+)/.exec(ok.headers.get("location")!)![1]));
      expect(job).toMatchObject({ kind: "iccd", state: "complete", source: "1600015549.xml" });
      expect(job.report.imported).toBeGreaterThan(0);
      expect(await count("records")).toBe(records + job.report.imported);
      expect((await cat.db.rows(sql`select 1 from records where id = 'iccd-1600015549' or id like 'iccd-%15549%'`)).length).toBeGreaterThan(
        0,
      );
      expect(fs.readdirSync(path.join(dataDir, "imports"))).toEqual([]);
      // without ICCD_THESAURI no thesaurus tag is linked (the page says so)
      expect(await (await get("/console", "admin")).text()).toContain("ICCD_THESAURI non è impostata");
      expect(await cat.db.rows(sql`select 1 from tags where id like 'iccd:%'`)).toEqual([]);
      // with it, the records get the tags `npm run import:iccd` links (the same conversion, the same thesauri)
      const thesauri = path.resolve(__dirname, "../../../shared/data/iccd/thesauri");
      process.env.ICCD_THESAURI = thesauri;
      try {
        // the command line's conversion first: it takes seconds on a loaded machine, and a keep-alive connection
        // left idle meanwhile may be closed by the server just as the next request goes out (ECONNRESET)
        const raFile = path.resolve(__dirname, "../../../shared/data/iccd/xml/RA-200-ICCD10015760.xml");
        const cli = convertIccdFiles([raFile], { thesaurus: loadThesauri([thesauri]) });
        const expected = new Map(cli.records.filter((r) => r.tags?.length).map((r) => [r.id, r.tags!.map((t) => t.id).sort()]));
        expect(expected.size).toBeGreaterThan(0);
        // ...and a moment for the timers and socket closes the synchronous conversion held back to run
        await new Promise((r) => setTimeout(r, 200));
        expect(await (await get("/console", "admin")).text()).toContain("I record sono collegati ai tag dei thesauri");
        const ra = await sendIccd("admin", fs.readFileSync(raFile), "RA-200-ICCD10015760.xml");
        expect(ra.status).toBe(302);
        const raJob = await waitJob(Number(/job=(\d+)/.exec(ra.headers.get("location")!)![1]));
        expect(raJob.job).toMatchObject({ kind: "iccd", state: "complete" });
        for (const [id, tagIds] of expected) {
          const linked = await cat.db.rows<{ tag_id: string }>(
            sql`select rt.tag_id from record_tags rt join records r on r.uid = rt.record_uid where r.id = ${id} and not rt.inherited order by rt.tag_id`,
          );
          expect(linked.map((l) => l.tag_id).sort(), id).toEqual(tagIds);
          expect(tagIds.every((t) => t.startsWith("iccd:"))).toBe(true);
        }
        // their ancestors (the scheme, broader concepts) as inherited links, so the tree filter finds them
        const inherited = await cat.db.rows(
          sql`select 1 from record_tags rt join records r on r.uid = rt.record_uid where r.id = ${[...expected.keys()][0]!} and rt.inherited`,
        );
        expect(inherited.length).toBeGreaterThan(0);
      } finally {
        delete process.env.ICCD_THESAURI;
      }
      // a scheda put in the drop box is imported from the staging area (issue 16 §5); one that is not stays staged
      const staged = async () =>
        cat.db.rows<{ id: string; original_name: string }>(
          sql`select id, original_name from staging_files where ext = 'xml' order by created_at`,
        );
      const put = await upload("/api/auth/backend/buca?locale=it", "manager", { kind: "document" }, [
        ["BNB-ICCD11689075.xml", fs.readFileSync(path.resolve(__dirname, "../../../shared/data/iccd/xml/BNB-ICCD11689075.xml"))],
        ["non-scheda.xml", files.xml()],
      ]);
      expect(put.status).toBe(200);
      const scheda = (await staged()).find((r) => r.original_name === "BNB-ICCD11689075.xml")!;
      const other = (await staged()).find((r) => r.original_name === "non-scheda.xml")!;
      expect((await postForm("/console", "manager", { intent: "importStaged", staged: scheda.id })).status).toBe(404);
      const before = await count("records");
      const refusedStaged = await postForm("/console", "admin", { intent: "importStaged", staged: other.id });
      expect(refusedStaged.status).toBe(400);
      expect(await refusedStaged.text()).toContain("Il file non è una scheda ICCD");
      expect((await staged()).map((r) => r.id)).toContain(other.id);
      const imported = await postForm("/en/console", "admin", { intent: "importStaged", staged: scheda.id });
      expect(imported.status).toBe(302);
      const stagedJob = await waitJob(Number(/job=(\d+)/.exec(imported.headers.get("location")!)![1]));
      expect(stagedJob.job).toMatchObject({ kind: "iccd", state: "complete", source: "BNB-ICCD11689075.xml" });
      expect(stagedJob.job.report.imported).toBeGreaterThan(0);
      expect(await count("records")).toBe(before + stagedJob.job.report.imported);
      expect((await staged()).map((r) => r.id)).not.toContain(scheda.id);
      expect((await postForm("/console", "admin", { intent: "importStaged", staged: scheda.id })).status).toBe(404);
      // re-derive: a deleted thumbnail is made again, the others kept
      const [m] = await cat.db.rows<{ thumbnail: string }>(
        sql`select thumbnail from media where media_type = 'image' and original is not null limit 1`,
      );
      const thumb = path.join(cat.store, m!.thumbnail);
      fs.rmSync(thumb);
      // and a 360° sequence's frames (decision 105): one frame's thumbnail and medium gone, all made again
      const frameDir = tempDir("teca-frames-");
      const frames: { original: string; thumbnail: string; medium: string; large: string }[] = [];
      for (let i = 0; i < 8; i++) {
        await makeImage(frameDir, `f${i}.jpg`, 1200, 800, `#${(i * 30).toString(16).padStart(2, "0")}6040`);
        const d = await deriveImage(path.join(frameDir, `f${i}.jpg`), cat.store);
        frames.push({ original: d.original, thumbnail: d.thumbnail, medium: d.medium, large: d.large });
      }
      fs.rmSync(frameDir, { recursive: true, force: true });
      const [seq] = await cat.db.rows<{ id: number }>(
        sql`insert into media (record_uid, ord, media_type, original, thumbnail, medium, large, frames)
          select r.uid, 99, 'sequence', ${frames[0]!.original}, ${frames[0]!.thumbnail}, ${frames[0]!.medium}, ${frames[0]!.large},
            ${JSON.stringify(frames)}::jsonb
          from records r where r.id = 'v1' returning id::int`,
      );
      const gone = [frames[3]!.thumbnail, frames[3]!.medium].map((f) => path.join(cat.store, f));
      for (const f of gone) fs.rmSync(f);
      const res = await postForm("/console", "admin", { intent: "rederive" });
      expect(res.status).toBe(302);
      const done = await waitJob(Number(/job=(\d+)/.exec(res.headers.get("location")!)![1]));
      expect(done.job).toMatchObject({ kind: "rederive", state: "complete", step: "rederiving" });
      expect(done.job.report.derived).toBeGreaterThan(0);
      expect(fs.existsSync(thumb)).toBe(true);
      for (const f of gone) expect(fs.existsSync(f), f).toBe(true);
      const [after] = await cat.db.rows<{ frames: typeof frames; width: number; thumbnail: string }>(
        sql`select frames, width, thumbnail from media where id = ${seq!.id}`,
      );
      expect(after!.frames).toEqual(frames);
      expect([after!.width, after!.thumbnail]).toEqual([1200, frames[0]!.thumbnail]);
      await cat.db.rows(sql`delete from media where id = ${seq!.id}`);
      const events = await cat.db.rows<{ event: string; actor_id: string }>(
        sql`select event, actor_id from audit_log where event in ('console_import_iccd', 'console_rederive') order by id`,
      );
      expect(events).toEqual([
        { event: "console_import_iccd", actor_id: ids.admin },
        { event: "console_import_iccd", actor_id: ids.admin },
        { event: "console_import_iccd", actor_id: ids.admin },
        { event: "console_rederive", actor_id: ids.admin },
      ]);
    });
  });
}
