import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../app/features/accounts/accounts.server";
import { importFile } from "../../app/features/catalogue/import.server";
import { runAlerts } from "../../app/features/saved-searches/alerts.server";
import { createSession } from "../../app/.server/session";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeRecord, tempDir, writeNdjson } from "../factories/records";

/**
 * Saved searches and their alerts (issue 15 §2, decision 062) over HTTP with real sessions, on both
 * databases: saving from the form, validation messages, the per-user limit, ownership on every page,
 * `.data` request and endpoint (another user's id answers like a missing one and changes nothing), the
 * hero flag, the alert run (once, never twice; never a record the owner may not see), unsubscribing by the
 * mail's link while signed out.
 */
for (const target of testDatabases()) {
  describe(`saved searches on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const cookies: Record<string, string> = {};
    const ids: Record<string, string> = {};
    const outbox = tempDir("teca-outbox-");
    const env = { ...process.env, DATA_DIR: outbox, SMTP_URL: "" };

    beforeAll(async () => {
      cat = await seededCatalogue(target, [
        makeRecord({ id: "anfora-1", texts: { it: { label: "Anfora romana antica" }, en: { label: "Ancient Roman amphora" } } }),
        makeRecord({ id: "vaso-1", texts: { it: { label: "Vaso decorato" } } }),
      ]);
      const meta = { userAgent: "test", address: "127.0.0.1" };
      for (const [who, role] of [
        ["anna", "Ricercatore"],
        ["bruno", "Ricercatore"],
        ["manager", "Manager"],
      ] as const) {
        const user = await createUser(
          { database: cat.db },
          { email: `${who}@example.org`, roles: [role] },
          { userId: null, address: "test" },
        );
        ids[who] = user.id;
        cookies[who] = `teca_session=${(await createSession(cat.db, user.id, meta)).token}`;
      }
    });
    afterAll(async () => {
      await cat?.close();
      fs.rmSync(outbox, { recursive: true, force: true });
    });
    afterEach(() => {
      delete process.env.SAVED_SEARCHES_MAX;
    });

    const headers = (who?: string, extra: Record<string, string> = {}) => ({
      ...(who ? { cookie: cookies[who]! } : {}),
      origin: cat.server.base,
      ...extra,
    });
    const get = (url: string, who?: string) => cat.server.fetch(url, { headers: headers(who) });
    const post = (url: string, who: string | undefined, fields: Record<string, string>) =>
      cat.server.fetch(url, {
        method: "POST",
        headers: headers(who, { "content-type": "application/x-www-form-urlencoded" }),
        body: new URLSearchParams(fields),
      });
    const api = (who: string | undefined, body: unknown) =>
      cat.server.fetch("/api/auth/docs/getSearches", {
        method: "POST",
        headers: headers(who, { "content-type": "application/json" }),
        body: JSON.stringify(body),
      });
    const rows = (userId: string) =>
      cat.db.rows<{ id: string; title: string; query: string; public: boolean; hero: boolean; alert: string; locale: string }>(
        sql`select id, title, query, public, hero, alert, locale from saved_searches where user_id = ${userId} order by created_at`,
      );
    /** Saves a search as `who` through the form page (no JavaScript): the new row. */
    async function save(who: string, fields: Record<string, string>, page = "/searches/new") {
      const before = (await rows(ids[who]!)).length;
      const res = await post(page, who, { intent: "save", ...fields });
      expect(res.status, await res.clone().text()).toBe(302);
      const after = await rows(ids[who]!);
      expect(after.length).toBe(before + 1);
      return after.at(-1)!;
    }

    it("saves a search from the form with its canonical query, lists it on /searches and in getSearches", async () => {
      // the form page of a search (the search page's link), then its post
      const form = await get("/searches/new?q=anfora&page=3&filtro=t1&filtro=t1&view=auimasonry", "anna");
      expect(form.status).toBe(200);
      expect(form.headers.get("cache-control")).toBe("private, no-store");
      const html = await form.text();
      expect(html).toContain('name="query" value="q=anfora&amp;filtro=t1&amp;view=auimasonry"');
      expect(html).not.toContain('name="hero"'); // the hero switch is for MANAGE_USERS only
      const res = await post("/searches/new", "anna", {
        intent: "save",
        title: "  Anfore  ",
        query: "q=anfora&page=3&filtro=t1&view=auimasonry",
        public: "on",
        alert: "weekly",
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/searches?done=saved");
      const [row] = await rows(ids.anna!);
      expect(row).toMatchObject({
        title: "Anfore",
        query: "q=anfora&filtro=t1&view=auimasonry",
        public: true,
        hero: false,
        alert: "weekly",
        locale: "it",
      });
      const list = await (await get("/searches?done=saved", "anna")).text();
      expect(list).toContain("Ricerca salvata.");
      expect(list).toContain("Anfore");
      expect(list).toContain('href="/cerca?q=anfora&amp;filtro=t1&amp;view=auimasonry"');
      // the English page saves in English and reruns in English
      const en = await post("/en/searches/new", "anna", { intent: "save", title: "Vases", query: "q=vaso" });
      expect(en.headers.get("location")).toBe("/en/searches?done=saved");
      const json = await (await api("anna", { locale: "en" })).json();
      expect(json.count).toBe(2);
      expect(json.data.map((s: { name: string }) => s.name)).toEqual(["Vases", "Anfore"]);
      expect(json.data[0]).toMatchObject({ type: "searches", locale: "en", pubblico: false, url: "/en/cerca?q=vaso" });
      const pub = await (await api("anna", { locale: "it", public: true })).json();
      expect(pub.data.map((s: { title: string }) => s.title)).toEqual(["Anfore"]);
    });

    it("a dialog's post (js) gets its answer as data, not a redirect", async () => {
      const res = await post("/searches/new.data", "anna", { intent: "save", title: "Dal dialogo", query: "q=vaso", js: "1" });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("saved");
      expect((await rows(ids.anna!)).map((r) => r.title)).toContain("Dal dialogo");
    });

    it("refuses bad input with the spec's message in each language and saves nothing", async () => {
      const before = (await rows(ids.anna!)).length;
      for (const [prefix, text] of [
        ["", "Ricordati di inserire il titolo"],
        ["/en", "Remember to enter the title"],
        ["/fr", "N&#x27;oubliez pas de saisir le titre"],
      ] as const) {
        const res = await post(`${prefix}/searches/new`, "anna", { intent: "save", title: "   ", query: "q=anfora" });
        expect(res.status).toBe(400);
        const html = await res.text();
        expect(html.includes(text) || html.includes(text.replace("&#x27;", "'")), prefix).toBe(true);
        expect(html).toContain('aria-invalid="true"');
      }
      const long = await post("/searches/new", "anna", { intent: "save", title: "x".repeat(201), query: "" });
      expect(long.status).toBe(400);
      expect(await long.text()).toContain("al massimo 200 caratteri");
      const badQuery = await post("/searches/new", "anna", { intent: "save", title: "Rotta", query: "sort=nonsense" });
      expect(badQuery.status).toBe(400);
      expect(await badQuery.text()).toContain("i suoi parametri non sono validi");
      const badAlert = await post("/searches/new", "anna", { intent: "save", title: "Avviso", query: "", alert: "hourly" });
      expect(badAlert.status).toBe(400);
      expect(await badAlert.text()).toContain("Scegli uno degli avvisi proposti");
      expect((await get("/searches/new?sort=nonsense", "anna")).status).toBe(400);
      expect((await rows(ids.anna!)).length).toBe(before);
    });

    it("stops at the per-user limit with a clear message", async () => {
      const have = (await rows(ids.anna!)).length;
      process.env.SAVED_SEARCHES_MAX = String(have);
      const res = await post("/searches/new", "anna", { intent: "save", title: "Una di troppo", query: "q=vaso" });
      expect(res.status).toBe(409);
      expect(await res.text()).toContain(`Hai raggiunto il limite di ${have} ricerche salvate`);
      expect((await rows(ids.anna!)).length).toBe(have);
    });

    it("another user's saved search answers 404 like a missing one, everywhere, and nothing changes", async () => {
      const [mine] = await rows(ids.anna!);
      const missing = "00000000-0000-4000-8000-000000000000";
      for (const id of [mine!.id, missing, "not-a-uuid"]) {
        for (const url of [`/searches/${id}`, `/en/searches/${id}`, `/searches/${id}.data`])
          expect((await get(url, "bruno")).status, url).toBe(404);
        expect((await post(`/searches/${id}`, "bruno", { intent: "save", title: "Presa", alert: "daily" })).status).toBe(404);
        expect((await post(`/searches/${id}`, "bruno", { intent: "delete" })).status).toBe(404);
        expect((await post(`/searches/${id}.data`, "bruno", { intent: "delete", js: "1" })).status).toBe(404);
      }
      const [after] = await rows(ids.anna!);
      expect(after).toEqual(mine);
      // bruno's list and API know nothing of anna's searches
      expect(await (await get("/searches", "bruno")).text()).not.toContain(mine!.title);
      expect((await (await api("bruno", { locale: "it" })).json()).data).toEqual([]);
      // the owner gets the page; visitors go to the login page, or 401 from the API
      expect((await get(`/searches/${mine!.id}`, "anna")).status).toBe(200);
      const visitor = await get(`/searches/${mine!.id}`);
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("location")).toMatch(/^\/login\?redirect=/);
      expect((await get("/searches")).status).toBe(302);
      expect((await api(undefined, { locale: "it" })).status).toBe(401);
      expect((await api("anna", { locale: "de" })).status).toBe(400);
      expect((await api("anna", { public: "maybe" })).status).toBe(400);
    });

    it("renames, changes the alert and deletes one's own search", async () => {
      const row = await save("bruno", { title: "Da rinominare", query: "q=vaso" });
      const res = await post(`/searches/${row.id}`, "bruno", { intent: "save", title: "Rinominata", alert: "daily" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/searches?done=updated");
      expect((await rows(ids.bruno!)).find((r) => r.id === row.id)).toMatchObject({
        title: "Rinominata",
        alert: "daily",
        query: "q=vaso",
        public: false,
      });
      const empty = await post(`/searches/${row.id}`, "bruno", { intent: "save", title: "" });
      expect(empty.status).toBe(400);
      expect(await empty.text()).toContain("Ricordati di inserire il titolo");
      expect((await rows(ids.bruno!)).find((r) => r.id === row.id)?.title).toBe("Rinominata");
      const del = await post(`/searches/${row.id}`, "bruno", { intent: "delete" });
      expect(del.headers.get("location")).toBe("/searches?done=deleted");
      expect((await rows(ids.bruno!)).find((r) => r.id === row.id)).toBeUndefined();
      expect((await get(`/searches/${row.id}`, "bruno")).status).toBe(404);
    });

    it("saveSearch and removeSearch: the JSON twins of the form, with the same rules", async () => {
      const call = (who: string | undefined, name: string, body: unknown) =>
        cat.server.fetch(`/api/auth/docs/${name}`, {
          method: "POST",
          headers: headers(who, { "content-type": "application/json" }),
          body: JSON.stringify(body),
        });
      const created = await call("bruno", "saveSearch", {
        locale: "fr",
        data: { title: "Vases en JSON", query: "q=vaso&page=2", alert: "daily" },
      });
      expect(created.status).toBe(201);
      const { data: s } = await created.json();
      expect(s).toMatchObject({
        title: "Vases en JSON",
        query: "q=vaso",
        locale: "fr",
        alert: "daily",
        public: false,
        url: "/fr/cerca?q=vaso",
      });
      // an update sends only what changes: the rest is kept
      const renamed = await call("bruno", "saveSearch", { locale: "fr", name: s.id, data: { title: "Vases renommés" } });
      expect(renamed.status).toBe(200);
      expect((await renamed.json()).data).toMatchObject({ title: "Vases renommés", query: "q=vaso", alert: "daily", public: false });
      const noTitle = await call("bruno", "saveSearch", { locale: "fr", name: s.id, data: { title: " " } });
      expect(noTitle.status).toBe(400);
      expect((await noTitle.json()).error.message).toBe("N'oubliez pas de saisir le titre");
      const hero = await call("bruno", "saveSearch", { locale: "en", name: s.id, data: { hero: true, public: true } });
      expect(hero.status).toBe(403);
      expect((await hero.json()).error.message).toBe("Only user managers can feature a search on the home page.");
      // another user's id: 404 like a missing one, nothing changed or removed
      expect((await call("anna", "saveSearch", { name: s.id, data: { title: "Presa" } })).status).toBe(404);
      expect((await call("anna", "removeSearch", { name: s.id })).status).toBe(404);
      expect((await call(undefined, "removeSearch", { name: s.id })).status).toBe(401);
      expect((await call("bruno", "removeSearch", { nome: s.id })).status).toBe(400);
      expect((await rows(ids.bruno!)).find((r) => r.id === s.id)?.title).toBe("Vases renommés");
      expect((await call("bruno", "removeSearch", { name: s.id })).status).toBe(200);
      expect((await call("bruno", "removeSearch", { name: s.id })).status).toBe(404);
    });

    it("saveDoc and removeDoc with collection 'searches' (spec §7) answer as saveSearch and removeSearch", async () => {
      const call = (who: string | undefined, name: string, body: unknown) =>
        cat.server.fetch(`/api/auth/docs/${name}`, {
          method: "POST",
          headers: headers(who, { "content-type": "application/json" }),
          body: JSON.stringify(body),
        });
      const created = await call("bruno", "saveDoc", {
        collection: "searches",
        locale: "it",
        data: { title: "Anfore via saveDoc", query: "q=anfora" },
      });
      expect(created.status).toBe(201);
      const { data: s } = await created.json();
      expect(s).toMatchObject({ title: "Anfore via saveDoc", query: "q=anfora", url: "/cerca?q=anfora" });
      const noTitle = await call("bruno", "saveDoc", { collection: "searches", locale: "it", name: s.id, data: { title: "" } });
      expect(noTitle.status).toBe(400);
      expect((await noTitle.json()).error.message).toBe("Ricordati di inserire il titolo");
      // another user's id: 404, nothing removed; the owner removes it
      expect((await call("anna", "removeDoc", { collection: "searches", locale: "it", name: s.id })).status).toBe(404);
      expect((await call(undefined, "removeDoc", { collection: "searches", locale: "it", name: s.id })).status).toBe(401);
      expect((await call("bruno", "removeDoc", { collection: "searches", locale: "it", name: s.id })).status).toBe(200);
      expect((await rows(ids.bruno!)).find((r) => r.id === s.id)).toBeUndefined();
      // any other document type is still refused
      expect((await call("bruno", "saveDoc", { collection: "stories", locale: "it", data: { title: "Storia" } })).status).toBe(400);
    });

    it("the hero flag: refused without MANAGE_USERS, shown on the home page when a manager sets it", async () => {
      const before = await rows(ids.anna!);
      const refused = await post("/searches/new", "anna", {
        intent: "save",
        title: "In vetrina",
        query: "q=anfora",
        public: "on",
        hero: "on",
      });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("Solo chi gestisce gli utenti");
      expect((await rows(ids.anna!)).length).toBe(before.length);
      const mine = before[0]!;
      expect((await post(`/searches/${mine.id}`, "anna", { intent: "save", title: mine.title, public: "on", hero: "on" })).status).toBe(
        403,
      );
      expect((await rows(ids.anna!))[0]!.hero).toBe(false);
      expect(await (await get("/searches/new?q=anfora", "manager")).text()).toContain('name="hero"');
      const hero = await save("manager", { title: "Anfore in evidenza", query: "q=anfora", hero: "on" });
      expect(hero).toMatchObject({ hero: true, public: true }); // a hero search is public
      const home = await (await get("/")).text();
      expect(home).toContain("Ricerche in evidenza");
      expect(home).toContain('href="/cerca?q=anfora"');
      expect(home).toContain("Anfore in evidenza");
      const en = await (await get("/en", "bruno")).text();
      expect(en).toMatch(/<a [^>]*href="\/en\/cerca\?q=anfora"[^>]*>Anfore in evidenza</);
      expect(en).toMatch(/<a [^>]*lang="it"[^>]*>Anfore in evidenza</);
      // a private search never reaches the home page
      await cat.db.rows(sql`update saved_searches set public = false, hero = false where id = ${hero.id}`);
      expect(await (await get("/fr")).text()).not.toContain("Anfore in evidenza");
    });

    it("alerts: new records the owner may see, once; never twice; unsubscribe by the link while signed out", async () => {
      await cat.db.rows(sql`delete from saved_searches`);
      const t0 = new Date();
      const annaS = await save("anna", { title: "Anfore nuove", query: "q=anfora", alert: "daily" });
      const managerS = await save("manager", { title: "Anfore per il manager", query: "q=anfora", alert: "weekly" });
      await save("bruno", { title: "Senza avviso", query: "q=anfora" });
      const origin = "https://archivio.example.org";
      const run = (days: number) =>
        runAlerts({ database: cat.db }, { origin, env, now: new Date(t0.getTime() + days * 86_400_000 + 60_000) });
      const mails = () => (fs.existsSync(path.join(outbox, "outbox")) ? fs.readdirSync(path.join(outbox, "outbox")).sort() : []);

      // nothing is new yet: anna's search is checked a day later, and nothing is sent
      expect(await run(1)).toMatchObject({ due: 1, checked: 1, sent: 0 });
      expect(mails()).toEqual([]);

      // records arrive: one every viewer may see, one restricted (access 2), one that does not match
      const dir = tempDir();
      const file = writeNdjson(dir, [
        makeRecord({ id: "anfora-2", texts: { it: { label: "Anfora vinaria ritrovata" } } }),
        makeRecord({ id: "anfora-3", access: 2, texts: { it: { label: "Anfora segretissima" } } }),
        makeRecord({ id: "tazza-1", texts: { it: { label: "Tazza da caffè" } } }),
      ]);
      const imported = await importFile({ database: cat.db }, file, { mediaDir: dir, mediaStore: path.join(dir, "store") });
      expect(imported.failed).toBeFalsy();

      // the next day anna's daily alert is due (the manager's weekly one is not); two runs at once send one mail
      const [a, b] = await Promise.all([run(2), run(2)]);
      expect(a.sent + b.sent).toBe(1);
      expect(mails().length).toBe(1);
      const annaMail = decode(fs.readFileSync(path.join(outbox, "outbox", mails()[0]!), "utf8"));
      expect(annaMail).toMatch(/^To: anna@example\.org$/m);
      expect(annaMail).toContain("Anfora vinaria ritrovata");
      expect(annaMail).not.toContain("Anfora segretissima"); // restricted: a Ricercatore may not see it
      expect(annaMail).not.toContain("Tazza");
      expect(annaMail).not.toContain("Anfora romana antica"); // already there when the search was saved
      expect(annaMail).toContain(`${origin}/oggetti/anfora-2`);
      expect(annaMail).toContain(`${origin}/cerca?q=anfora`);
      // text and HTML
      expect(annaMail).toMatch(/Content-Type: text\/plain/);
      expect(annaMail).toMatch(/Content-Type: text\/html/);
      const token = /\/searches\/unsubscribe\/([\w-]{20,100})/.exec(annaMail)?.[1];
      expect(token).toBeTruthy();

      // the same run again, or the next day with nothing new: nothing more
      expect((await run(2)).sent).toBe(0);
      expect((await run(3.5)).sent).toBe(0);
      expect(mails().length).toBe(1);

      // a week later the manager, who may see restricted records, gets both new anfore
      expect((await run(7)).sent).toBe(1);
      const read = (f: string) => decode(fs.readFileSync(path.join(outbox, "outbox", f), "utf8"));
      const managerMail = mails()
        .map(read)
        .find((m) => /^To: manager@example\.org$/m.test(m))!;
      expect(managerMail).toContain("Anfora vinaria ritrovata");
      expect(managerMail).toContain("Anfora segretissima");
      expect((await run(7)).sent).toBe(0);
      expect(mails().length).toBe(2);

      // unsubscribe signed out: the GET asks and changes nothing; the POST turns the alert off
      const page = await get(`/searches/unsubscribe/${token}`);
      expect(page.status).toBe(200);
      // (the site's Referrer-Policy, same-origin, keeps the token from other sites)
      expect(page.headers.get("referrer-policy")).toBe("same-origin");
      expect(await page.text()).toContain("Vuoi smettere di ricevere gli avvisi per la ricerca «Anfore nuove»?");
      expect((await rows(ids.anna!)).find((r) => r.id === annaS.id)?.alert).toBe("daily");
      const done = await post(`/searches/unsubscribe/${token}`, undefined, {});
      expect(done.status).toBe(200);
      expect(await done.text()).toContain("Non riceverai più avvisi per «Anfore nuove»");
      expect((await rows(ids.anna!)).find((r) => r.id === annaS.id)?.alert).toBe("none");
      expect((await rows(ids.manager!)).find((r) => r.id === managerS.id)?.alert).toBe("weekly");
      // an unknown or malformed token names nothing
      expect((await get("/searches/unsubscribe/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
      expect((await post("/searches/unsubscribe/nope", undefined, {})).status).toBe(404);
      // more records later: an unsubscribed search sends nothing
      await importFile(
        { database: cat.db },
        writeNdjson(dir, [makeRecord({ id: "anfora-4", texts: { it: { label: "Anfora tarda" } } })], "more.ndjson"),
        { mediaDir: dir, mediaStore: path.join(dir, "store") },
      );
      expect((await run(9)).sent).toBe(0);
      fs.rmSync(dir, { recursive: true, force: true });
    });

    // (PostgreSQL only: PGlite is one process, guarded by its lock file)
    if (target.name === "postgres")
      it("one alert runner per database: a second one finds the lock taken", async () => {
        const pg = (await import("pg")).default;
        const other = new pg.Client({ connectionString: (cat.db as unknown as { url: string }).url });
        await other.connect();
        try {
          await other.query("begin");
          await other.query("select pg_advisory_xact_lock(727280)");
          expect(await runAlerts({ database: cat.db }, { origin: "http://localhost", env })).toMatchObject({ locked: true, sent: 0 });
          await other.query("commit");
          expect((await runAlerts({ database: cat.db }, { origin: "http://localhost", env })).locked).toBe(false);
        } finally {
          await other.end();
        }
      });
  });
}

/** A MIME message's quoted-printable parts, readable. */
function decode(eml: string): string {
  return eml.replace(/=\r?\n/g, "").replace(/((?:=[0-9A-F]{2})+)/g, (m) =>
    Buffer.from(
      m
        .split("=")
        .filter(Boolean)
        .map((h) => parseInt(h, 16)),
    ).toString("utf8"),
  );
}
