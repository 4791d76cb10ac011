import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createUser } from "../../app/features/accounts/accounts.server";
import { deleteUser, inviteUser, listUsers, sendUserResetLink, upsertUser, UsersError } from "../../app/features/accounts/users.server";
import { seededCatalogue } from "../setup/catalogue";
import { testDatabases } from "../setup/db";
import { makeRecord } from "../factories/records";

const PASSWORD = "Archivio-2026";
const sessionOf = (res: Response) => res.headers.getSetCookie().find((c) => /^(__Host-)?teca_session=/.test(c));
const cookiePair = (setCookie: string | undefined) => (setCookie ?? "").split(";")[0]!;

type Json = Record<string, any>;

for (const target of testDatabases()) {
  describe(`user management on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const ids: Record<string, string> = {};
    const cookies: Record<string, string> = {};
    const cli = { userId: null, address: "test" };

    const login = async (email: string, password = PASSWORD) => {
      const res = await cat.server.fetch("/api/public/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: cat.server.base },
        body: JSON.stringify({ email, password }),
      });
      return { status: res.status, cookie: cookiePair(sessionOf(res)) };
    };
    const signedIn = async (email: string) => {
      const r = await login(email);
      expect(r.status, email).toBe(200);
      return r.cookie;
    };
    const get = (path: string, cookie?: string) => cat.server.fetch(path, { headers: cookie ? { Cookie: cookie } : {} });
    const post = (path: string, body: unknown, cookie?: string, headers: Record<string, string> = {}) =>
      cat.server.fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: cat.server.base, ...(cookie ? { Cookie: cookie } : {}), ...headers },
        body: JSON.stringify(body),
      });
    const profileStatus = async (cookie: string) => (await get("/api/auth/profile", cookie)).status;
    const userCount = async () => (await cat.db.rows<{ n: number }>(sql`select count(*)::int as n from users`))[0]!.n;
    const lastAudit = async (event: string) =>
      (
        await cat.db.rows<{ actor_id: string | null; subject_id: string | null; email: string; detail: Json }>(
          sql`select actor_id, subject_id, email, detail from audit_log where event = ${event} order by id desc limit 1`,
        )
      )[0];

    // Mail goes to this file's own outbox (no SMTP_URL): a new user is mailed an invitation (issue 31).
    const mailEnv = { DATA_DIR: process.env.DATA_DIR, SMTP_URL: process.env.SMTP_URL };
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "teca-users-mail-"));
    const outbox = () => {
      const dir = path.join(process.env.DATA_DIR!, "outbox");
      return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    };
    const lastMail = () => fs.readFileSync(path.join(process.env.DATA_DIR!, "outbox", outbox().at(-1)!), "utf8").replace(/=\r?\n/g, "");

    const managerViewer = () => ({ kind: "user" as const, userId: ids.manager!, level: 32, roles: ["Manager"], accessLevels: [1, 2, 3] });

    beforeAll(async () => {
      cat = await seededCatalogue(target, [
        makeRecord({ id: "pub", texts: { it: { label: "Ventaglio" } } }),
        makeRecord({ id: "ent", table: "ca_entities", texts: { it: { label: "Ventaglio persona" } } }),
      ]);
      process.env.DATA_DIR = mailDir;
      delete process.env.SMTP_URL;
      for (const [key, email, roles] of [
        ["researcher", "ricerca@example.org", ["Ricercatore"]],
        ["manager", "manager@example.org", ["Manager"]],
        ["admin", "admin@example.org", ["Amministratore"]],
      ] as const) {
        const u = await createUser({ database: cat.db }, { email, roles: [...roles], password: PASSWORD, firstName: key }, cli);
        ids[key] = u.id;
        cookies[key] = await signedIn(email);
      }
    });
    afterAll(async () => {
      await cat?.close();
      for (const [k, v] of Object.entries(mailEnv))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      fs.rmSync(mailDir, { recursive: true, force: true });
    });

    it("every endpoint and the page: 401 (or login) signed out, 404 for a Ricercatore, served to a Manager and an Amministratore", async () => {
      const calls: [string, (cookie?: string) => Promise<Response>, number][] = [
        ["getUserList", (c) => get("/api/auth/backend/getUserList", c), 200],
        ["getRoleList", (c) => get("/api/auth/backend/getRoleList", c), 200],
        ["audit", (c) => get("/api/auth/backend/audit", c), 200],
        // (empty bodies: the guard answers first; with the capability, validation says 400 and nothing changes)
        ["upsert", (c) => post("/api/auth/backend/upsert", {}, c), 400],
        ["delete", (c) => post("/api/auth/backend/delete", {}, c), 400],
        ["changePassword", (c) => post("/api/auth/backend/changePassword", {}, c), 400],
      ];
      const before = await userCount();
      for (const [name, call, allowed] of calls) {
        const anonymous = await call();
        expect(anonymous.status, `${name} signed out`).toBe(401);
        expect(await anonymous.json()).toMatchObject({ error: { code: 401 } });
        const researcher = await call(cookies.researcher);
        expect(researcher.status, `${name} Ricercatore`).toBe(404);
        for (const role of ["manager", "admin"]) {
          const res = await call(cookies[role]);
          expect(res.status, `${name} ${role}`).toBe(allowed);
          expect(res.headers.get("cache-control")).toBe("private, no-store");
        }
      }
      expect(await userCount()).toBe(before);
      // the page
      const visitor = await get("/en/settings/users");
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("location")).toBe("/en/login?redirect=%2Fen%2Fsettings%2Fusers");
      expect((await get("/settings/users", cookies.researcher)).status).toBe(404);
      for (const [prefix, heading] of [
        ["", "Gestione utenti"],
        ["/en", "User management"],
        ["/fr", "Gestion des utilisateurs"],
      ]) {
        const page = await get(`${prefix}/settings/users`, cookies.manager);
        expect(page.status).toBe(200);
        const html = await page.text();
        expect(html).toContain(`<h1>${heading}</h1>`);
        expect(html).toContain("ricerca@example.org");
      }
    });

    it("lists with search and paging, and the roles", async () => {
      const page = (await (await get("/api/auth/backend/getUserList?q=MANAGER&page=1&pageSize=10", cookies.manager)).json()) as Json;
      expect(page.total).toBe(1);
      expect(page.items[0]).toMatchObject({ email: "manager@example.org", roles: ["Manager"], level: 32, disabled: false });
      expect(page.items[0]).not.toHaveProperty("passwordHash");
      const byName = (await (await get("/api/auth/backend/getUserList?q=researcher", cookies.manager)).json()) as Json;
      expect(byName.items.map((u: Json) => u.email)).toEqual(["ricerca@example.org"]);
      const paged = (await (await get("/api/auth/backend/getUserList?pageSize=2&page=2", cookies.manager)).json()) as Json;
      expect(paged.total).toBeGreaterThanOrEqual(3);
      expect(paged.items.length).toBe(Math.min(2, paged.total - 2));
      expect(paged.items[0].email).toBe("ricerca@example.org");
      // a LIKE wildcard is a character, not a pattern
      expect(((await (await get("/api/auth/backend/getUserList?q=%25", cookies.manager)).json()) as Json).total).toBe(0);
      const roles = (await (await get("/api/auth/backend/getRoleList", cookies.manager)).json()) as Json;
      expect(roles.roles.map((r: Json) => r.name)).toEqual([
        "Ricercatore",
        "Ricercatore avanzato",
        "Catalogatore",
        "Catalogatore avanzato",
        "Manager",
        "Amministratore",
      ]);
      expect(roles.roles.find((r: Json) => r.name === "Amministratore")).toEqual({ name: "Amministratore", level: 64, grantable: false });
      const asAdmin = (await (await get("/api/auth/backend/getRoleList", cookies.admin)).json()) as Json;
      expect(asAdmin.roles.every((r: Json) => r.grantable)).toBe(true);
    });

    it("creates a user (level = OR of the roles), refuses a duplicate address in any case and bad input, changing nothing", async () => {
      const created = await post(
        "/api/auth/backend/upsert",
        { email: "Nuova@Example.org", firstName: "Nora", roles: ["Ricercatore", "catalogatore"], locale: "en" },
        cookies.manager,
      );
      expect(created.status).toBe(201);
      const answer = (await created.json()) as Json;
      const user = answer.user;
      expect(user).toMatchObject({
        email: "Nuova@Example.org",
        firstName: "Nora",
        roles: ["Ricercatore", "Catalogatore"],
        level: 10,
        disabled: false,
      });
      ids.nuova = user.id;
      const audit = await lastAudit("user_created");
      expect(audit).toMatchObject({ actor_id: ids.manager, subject_id: user.id, email: "Nuova@Example.org" });
      // mailed an invitation in the request's language, and the answer says so (issue 31)
      expect(answer.invitation).toEqual({ sent: true, locale: "en" });
      expect(await lastAudit("user_invited")).toMatchObject({
        actor_id: ids.manager,
        subject_id: user.id,
        detail: { sent: true, locale: "en" },
      });
      expect(lastMail()).toMatch(/^To: Nuova@Example\.org$/im);
      expect(lastMail()).toContain("your account is ready");
      expect(lastMail()).toMatch(/\/en\/reset_password\/[\w-]{40,}/);
      const before = await userCount();
      const dup = await post("/api/auth/backend/upsert", { email: "nuova@EXAMPLE.org", roles: ["Manager"] }, cookies.manager);
      expect(dup.status).toBe(409);
      expect(await dup.json()).toEqual({
        error: { code: 409, message: "Impossibile creare l'utenza", fields: { email: "Esiste già un utente con questo indirizzo email." } },
      });
      const fr = await post("/api/auth/backend/upsert", { email: "pas-une-adresse", roles: [], locale: "fr" }, cookies.manager);
      expect(fr.status).toBe(400);
      const frBody = (await fr.json()) as Json;
      expect(frBody.error.message).toBe("Impossible de créer l'utilisateur");
      expect(Object.keys(frBody.error.fields).sort()).toEqual(["email", "roles"]);
      expect((await post("/api/auth/backend/upsert", { email: "x@example.org", roles: ["Papa"] }, cookies.manager)).status).toBe(400);
      expect(
        (await post("/api/auth/backend/upsert", { email: "x@example.org", roles: ["Ricercatore"], password: "short" }, cookies.manager))
          .status,
      ).toBe(400);
      // a Manager cannot create an Amministratore; an Amministratore can
      const escalate = await post("/api/auth/backend/upsert", { email: "boss@example.org", roles: ["Amministratore"] }, cookies.manager);
      expect(escalate.status).toBe(403);
      expect(await userCount()).toBe(before);
      expect(
        (
          await post(
            "/api/auth/backend/upsert",
            { email: "capo@example.org", roles: ["Amministratore"], password: PASSWORD },
            cookies.admin,
          )
        ).status,
      ).toBe(201);
      // a cross-site post is refused before anything runs
      const cross = await post("/api/auth/backend/upsert", { email: "evil@example.org", roles: ["Ricercatore"] }, cookies.manager, {
        Origin: "https://evil.example",
      });
      expect(cross.status).toBe(403);
      expect(await userCount()).toBe(before + 1);
    });

    it("changing roles ends that user's sessions; a change of name does not; disabling ends them too and enabling lets them back", async () => {
      await cat.db.rows(sql`delete from rate_limits`);
      const { changeUserPassword } = await import("../../app/features/accounts/users.server");
      const ctx = {
        database: cat.db,
        viewer: { kind: "user" as const, userId: ids.manager!, level: 32, roles: ["Manager"], accessLevels: [1, 2, 3] },
        address: "t",
      };
      await changeUserPassword(ctx, ids.nuova!, PASSWORD);
      const nora = await signedIn("nuova@example.org");
      const renamed = await post(
        "/api/auth/backend/upsert",
        { id: ids.nuova, email: "Nuova@Example.org", firstName: "Nora", lastName: "Bianchi", roles: ["Ricercatore", "Catalogatore"] },
        cookies.manager,
      );
      expect(renamed.status).toBe(200);
      expect(await profileStatus(nora)).toBe(200);
      expect((await lastAudit("user_changed"))!.detail).toEqual({ name: { from: "Nora", to: "Nora Bianchi" } });
      const promoted = await post(
        "/api/auth/backend/upsert",
        { id: ids.nuova, email: "Nuova@Example.org", firstName: "Nora", lastName: "Bianchi", roles: ["Ricercatore avanzato"] },
        cookies.manager,
      );
      expect(((await promoted.json()) as Json).user.level).toBe(4);
      expect(await profileStatus(nora)).toBe(401);
      expect(await lastAudit("user_changed")).toMatchObject({
        actor_id: ids.manager,
        detail: { roles: { from: ["Ricercatore", "Catalogatore"], to: ["Ricercatore avanzato"] } },
      });
      const again = await signedIn("nuova@example.org");
      const off = await post(
        "/api/auth/backend/upsert",
        { id: ids.nuova, email: "Nuova@Example.org", roles: ["Ricercatore avanzato"], disabled: true },
        cookies.manager,
      );
      expect(off.status).toBe(200);
      expect(await profileStatus(again)).toBe(401);
      expect((await login("nuova@example.org")).status).toBe(401);
      expect(await lastAudit("user_disabled")).toMatchObject({ actor_id: ids.manager, subject_id: ids.nuova });
      await post(
        "/api/auth/backend/upsert",
        { id: ids.nuova, email: "Nuova@Example.org", roles: ["Ricercatore avanzato"], disabled: false },
        cookies.manager,
      );
      expect(await lastAudit("user_enabled")).toMatchObject({ actor_id: ids.manager, subject_id: ids.nuova });
      await cat.db.rows(sql`delete from rate_limits`);
      expect((await login("nuova@example.org")).status).toBe(200);
      // another's address is taken
      const taken = await post(
        "/api/auth/backend/upsert",
        { id: ids.nuova, email: "MANAGER@example.org", roles: ["Ricercatore"] },
        cookies.manager,
      );
      expect(taken.status).toBe(409);
      expect(((await taken.json()) as Json).error.fields.email).toBe("Esiste già un utente con questo indirizzo email.");
      // an unknown id is a 404
      expect(
        (
          await post(
            "/api/auth/backend/upsert",
            { id: "00000000-0000-4000-8000-000000000000", email: "z@example.org", roles: ["Ricercatore"] },
            cookies.manager,
          )
        ).status,
      ).toBe(404);
    });

    it("sets a password as a manager: the rule is checked, the user's sessions end, the new password works; audit without the password", async () => {
      const nora = await signedIn("nuova@example.org");
      const weak = await post("/api/auth/backend/changePassword", { id: ids.nuova, password: "weakweak" }, cookies.manager);
      expect(weak.status).toBe(400);
      expect(await profileStatus(nora)).toBe(200);
      const mismatch = await post(
        "/api/auth/backend/changePassword",
        { id: ids.nuova, password: "Nuova-Password1", confirm: "Nuova-Password2", locale: "en" },
        cookies.manager,
      );
      expect(mismatch.status).toBe(400);
      expect(((await mismatch.json()) as Json).error.fields.confirm).toBe("The passwords do not match");
      const ok = await post(
        "/api/auth/backend/changePassword",
        { id: ids.nuova, password: "Nuova-Password1", confirm: "Nuova-Password1" },
        cookies.manager,
      );
      expect(ok.status).toBe(200);
      expect(await profileStatus(nora)).toBe(401);
      expect((await login("nuova@example.org", "Nuova-Password1")).status).toBe(200);
      const audit = await lastAudit("password_changed");
      expect(audit).toMatchObject({ actor_id: ids.manager, subject_id: ids.nuova });
      const rows = await cat.db.rows<{ t: string }>(sql`select detail::text || email as t from audit_log`);
      expect(rows.some((r) => r.t.includes("Nuova-Password1") || r.t.includes(PASSWORD))).toBe(false);
      // a Manager cannot set an Amministratore's password
      expect((await post("/api/auth/backend/changePassword", { id: ids.admin, password: "Nuova-Password1" }, cookies.manager)).status).toBe(
        403,
      );
    });

    it("never deletes or disables oneself, nor the last active Amministratore; a Manager cannot touch an Amministratore", async () => {
      const self = await post("/api/auth/backend/delete", { id: ids.manager, locale: "en" }, cookies.manager);
      expect(self.status).toBe(409);
      expect(((await self.json()) as Json).error.message).toBe("You cannot delete or disable your own account.");
      expect(
        (
          await post(
            "/api/auth/backend/upsert",
            { id: ids.manager, email: "manager@example.org", roles: ["Manager"], disabled: true },
            cookies.manager,
          )
        ).status,
      ).toBe(409);
      expect((await post("/api/auth/backend/delete", { id: ids.admin }, cookies.manager)).status).toBe(403);
      expect(
        (await post("/api/auth/backend/upsert", { id: ids.admin, email: "admin@example.org", roles: ["Manager"] }, cookies.manager)).status,
      ).toBe(403);
      // two administrators (admin, capo): one may go; then the other is the last
      const capo = ((await (await get("/api/auth/backend/getUserList?q=capo", cookies.admin)).json()) as Json).items[0].id as string;
      expect((await post("/api/auth/backend/delete", { id: capo }, cookies.admin)).status).toBe(200);
      expect(await lastAudit("user_deleted")).toMatchObject({ actor_id: ids.admin, subject_id: null, email: "capo@example.org" });
      const demote = await post(
        "/api/auth/backend/upsert",
        { id: ids.admin, email: "admin@example.org", roles: ["Manager"] },
        cookies.admin,
      );
      expect(demote.status).toBe(409);
      expect(((await demote.json()) as Json).error.fields.roles).toBe("Deve restare almeno un Amministratore attivo.");
      // the service refuses it whoever asks (an ADMIN viewer other than the last administrator)
      const other = {
        database: cat.db,
        viewer: { kind: "user" as const, userId: ids.manager!, level: 64, roles: ["Amministratore"], accessLevels: [1, 2, 3] },
        address: "t",
      };
      await expect(deleteUser(other, ids.admin!)).rejects.toMatchObject({ code: "lastAdmin" });
      await expect(
        upsertUser(other, {
          id: ids.admin!,
          email: "admin@example.org",
          firstName: "",
          lastName: "",
          roles: ["Amministratore"],
          disabled: true,
        }),
      ).rejects.toBeInstanceOf(UsersError);
      // a single-sign-on Manager is refused too: users are managed in the identity provider (spec §6)
      await cat.db.rows(sql`update users set sso = true where id = ${ids.manager}`);
      try {
        expect((await get("/api/auth/backend/getUserList", cookies.manager)).status).toBe(404);
        await expect(listUsers({ database: cat.db, viewer: managerViewer() }, { q: "", page: 1, pageSize: 20 })).rejects.toMatchObject({
          name: "Refusal",
          status: 404,
        });
      } finally {
        await cat.db.rows(sql`update users set sso = false where id = ${ids.manager}`);
      }
      // and without MANAGE_USERS the service refuses by itself (the access policy's refusal: a 404)
      const researcher = {
        database: cat.db,
        viewer: { kind: "user" as const, userId: ids.researcher!, level: 2, roles: ["Ricercatore"], accessLevels: [1] },
      };
      await expect(deleteUser(researcher, ids.nuova!)).rejects.toMatchObject({ name: "Refusal", status: 404 });
      expect((await get("/api/auth/profile", cookies.admin)).status).toBe(200);
      // a Manager deletes a user: their sessions go with them
      const nora = await signedIn("nuova@example.org").catch(() => "");
      expect((await post("/api/auth/backend/delete", { id: ids.nuova }, cookies.manager)).status).toBe(200);
      if (nora) expect(await profileStatus(nora)).toBe(401);
      expect((await post("/api/auth/backend/delete", { id: ids.nuova }, cookies.manager)).status).toBe(404);
    });

    it("the search's base query follows the signed-in user's role (query_{role}, spec §6)", async () => {
      const { saveSiteOptions } = await import("../../app/features/site/site.server");
      const count = async (cookie?: string) =>
        ((await (await get("/api/public/search?q=ventaglio&locale=it", cookie)).json()) as Json).count as number;
      expect(await count()).toBe(2);
      // (the server's bundle keeps the options up to 5 s: wait for the new ones)
      await saveSiteOptions({ database: cat.db }, "it", { query_Ricercatore: "table=ca_entities" } as never);
      await expect.poll(() => count(cookies.researcher), { timeout: 8000, interval: 500 }).toBe(1);
      expect(await count()).toBe(2);
      expect(await count(cookies.manager)).toBe(2);
      await saveSiteOptions({ database: cat.db }, "it", { query: "table=ca_objects", query_Ricercatore: "table=ca_entities" } as never);
      await expect.poll(() => count(), { timeout: 8000, interval: 500 }).toBe(1);
      expect(await count(cookies.manager)).toBe(1);
      const only = (await (await get("/api/public/search?q=ventaglio&locale=it", cookies.researcher)).json()) as Json;
      expect(only.count).toBe(1);
      expect(JSON.stringify(only)).toContain("Ventaglio persona");
      await saveSiteOptions({ database: cat.db }, "it", {});
    });

    it("reads the audit log with paging and filters", async () => {
      const all = (await (await get("/api/auth/backend/audit?pageSize=5", cookies.manager)).json()) as Json;
      expect(all.items).toHaveLength(5);
      expect(all.total).toBeGreaterThan(10);
      expect(new Date(all.items[0].at).getTime()).toBeGreaterThanOrEqual(new Date(all.items[4].at).getTime());
      const created = (await (await get(`/api/auth/backend/audit?event=user_created&user=${ids.manager}`, cookies.manager)).json()) as Json;
      expect(created.items.length).toBeGreaterThan(0);
      for (const row of created.items) {
        expect(row.event).toBe("user_created");
        expect([row.actorId, row.subjectId]).toContain(ids.manager);
      }
      expect(created.items.some((r: Json) => r.actorEmail === "manager@example.org" && r.email === "Nuova@Example.org")).toBe(true);
      // an unknown filter value is ignored, not an error
      expect((await get("/api/auth/backend/audit?event=nonsense&page=x", cookies.manager)).status).toBe(200);
    });

    it("the page works without JavaScript: form posts with the form token create, disable and delete, and show errors", async () => {
      const page = await get("/settings/users?view=new", cookies.manager);
      const html = await page.text();
      const csrf = /name="csrf" value="([\w-]+)"/.exec(html)![1]!;
      const form = (fields: Record<string, string | string[]>, path = "/settings/users") => {
        const body = new URLSearchParams();
        for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) body.append(k, x);
        body.set("csrf", csrf);
        return cat.server.fetch(path, {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: cat.server.base,
            Cookie: `${cookies.manager}; teca_csrf=${csrf}`,
          },
          body: body.toString(),
        });
      };
      // the form says what will be sent, and in which language
      expect(html).toContain("Lingua dell&#x27;invito");
      expect(html).toContain("valido 7 giorni");
      const mailsBefore = outbox().length;
      const created = await form(
        {
          intent: "save",
          email: "form@example.org",
          firstName: "Fabio",
          lastName: "",
          roles: ["Ricercatore", "Catalogatore avanzato"],
          language: "fr",
        },
        "/settings/users?view=new",
      );
      expect(created.status).toBe(302);
      expect(created.headers.get("location")).toBe("/settings/users?done=users.done.invited&lang=fr");
      const row = (await cat.db.rows<{ id: string; level: number }>(sql`select id, level from users where email = 'form@example.org'`))[0]!;
      expect(row.level).toBe(18);
      // the invitation, in French, with a link to choose a password that works for a week (issue 31)
      expect(outbox()).toHaveLength(mailsBefore + 1);
      const invitation = lastMail();
      expect(invitation).toContain("To: form@example.org");
      expect(invitation).toContain("votre compte est pr");
      const token = /\/fr\/reset_password\/([\w-]{40,})/.exec(invitation)![1]!;
      const [tok] = await cat.db.rows<{ days: number }>(
        sql`select extract(epoch from expires_at - now()) / 86400 as days from password_reset_tokens where user_id = ${row.id}`,
      );
      expect(Number(tok!.days)).toBeGreaterThan(6.9);
      expect(await lastAudit("user_invited")).toMatchObject({
        actor_id: ids.manager,
        subject_id: row.id,
        detail: { sent: true, locale: "fr" },
      });
      // the notice says what was sent, in the page's language
      const notice = await (await get("/settings/users?done=users.done.invited&lang=fr", cookies.manager)).text();
      expect(notice).toContain("L&#x27;invito è partito per email, in francese");
      // the link sets the password: the new user signs in with it
      const chosen = await post("/api/public/change_password", { token, password: PASSWORD, confirmation: PASSWORD });
      expect(chosen.status).toBe(200);
      expect((await login("form@example.org")).status).toBe(200);
      // no address the site is sure of, or a mail server that refuses: the account stays, nothing is said to be sent
      const viewer = managerViewer();
      expect(await inviteUser({ database: cat.db, viewer, address: "t" }, row.id, { locale: "it", origin: null })).toEqual({
        sent: false,
        reason: "origin",
      });
      process.env.SMTP_URL = "smtp://127.0.0.1:1";
      try {
        expect(await inviteUser({ database: cat.db, viewer, address: "t" }, row.id, { locale: "it", origin: cat.server.base })).toEqual({
          sent: false,
          reason: "mail",
        });
      } finally {
        delete process.env.SMTP_URL;
      }
      expect(await lastAudit("user_invited")).toMatchObject({ detail: { sent: false, reason: "mail" } });
      // disabling asks first: without JavaScript, a confirmation step naming the user (issue 31)
      const ask = await (await get(`/fr/settings/users?view=disable&id=${row.id}&q=form`, cookies.manager)).text();
      expect(ask).toContain("Désactiver le compte de Fabio ?");
      expect(ask).toContain("form@example.org ne pourra plus se connecter");
      expect(ask).toMatch(/<button[^>]* value="disable"[^>]*>Oui, désactiver</);
      expect((await cat.db.rows<{ disabled: boolean }>(sql`select disabled from users where id = ${row.id}`))[0]!.disabled).toBe(false);
      const dup = await form({ intent: "save", email: "FORM@example.org", roles: ["Ricercatore"] }, "/settings/users?view=new");
      expect(dup.status).toBe(409);
      expect(await dup.text()).toContain("Impossibile creare l&#x27;utenza");
      expect((await form({ intent: "disable", id: row.id, back: "q=form" })).headers.get("location")).toBe(
        "/settings/users?q=form&done=users.done.disabled",
      );
      expect((await cat.db.rows<{ disabled: boolean }>(sql`select disabled from users where id = ${row.id}`))[0]!.disabled).toBe(true);
      const confirm = await (await get(`/fr/settings/users?view=delete&id=${row.id}`, cookies.manager)).text();
      expect(confirm).toContain("Êtes-vous sûr");
      expect((await form({ intent: "delete", id: row.id })).status).toBe(302);
      expect((await cat.db.rows(sql`select 1 from users where id = ${row.id}`)).length).toBe(0);
      // a Ricercatore's post is a 404, changing nothing
      const denied = await cat.server.fetch("/settings/users", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: cat.server.base, Cookie: cookies.researcher },
        body: new URLSearchParams({ intent: "delete", id: ids.manager! }).toString(),
      });
      expect(denied.status).toBe(404);
      expect((await get("/api/auth/profile", cookies.manager)).status).toBe(200);
      // a reset link by mail (the outbox without SMTP_URL), audited with the manager's name
      const saved = { DATA_DIR: process.env.DATA_DIR, SMTP_URL: process.env.SMTP_URL };
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "teca-users-"));
      process.env.DATA_DIR = dataDir;
      delete process.env.SMTP_URL;
      try {
        const sent = await form({ intent: "reset", id: ids.researcher! }, "/en/settings/users");
        expect(sent.status).toBe(302);
        expect(sent.headers.get("location")).toBe("/en/settings/users?done=users.done.resetSent");
        const files = fs.readdirSync(path.join(dataDir, "outbox"));
        expect(files).toHaveLength(1);
        const mail = fs.readFileSync(path.join(dataDir, "outbox", files[0]!), "utf8").replace(/=\r?\n/g, "");
        expect(mail).toContain("To: ricerca@example.org");
        expect(mail).toMatch(/\/en\/reset_password\/[\w-]{40,}/);
        expect(await lastAudit("reset_link_sent")).toMatchObject({ actor_id: ids.manager, subject_id: ids.researcher });
        // not to an Amministratore: a Manager does not act on their account (review finding)
        const toAdmin = await form({ intent: "reset", id: ids.admin! }, "/en/settings/users");
        expect(toAdmin.headers.get("location") ?? "").not.toContain("resetSent");
        expect(fs.readdirSync(path.join(dataDir, "outbox"))).toHaveLength(1);
        await expect(
          sendUserResetLink({ database: cat.db, viewer: managerViewer(), address: "t" }, ids.admin!, {
            locale: "en",
            origin: cat.server.base,
          }),
        ).rejects.toMatchObject({ code: "adminOnly" });
      } finally {
        for (const [k, v] of Object.entries(saved))
          if (v === undefined) delete process.env[k];
          else process.env[k] = v;
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
      // the audit tab
      const log = await (await get(`/en/settings/users?tab=audit&event=user_deleted`, cookies.manager)).text();
      expect(log).toContain("User deleted");
      expect(log).toContain("form@example.org");
    });
  });
}
