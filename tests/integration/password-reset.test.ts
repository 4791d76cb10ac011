import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { createUser } from "../../app/features/accounts/accounts.server";
import { checkResetToken, issueResetToken, resetMail } from "../../app/features/accounts/reset.server";
import { createSession } from "../../app/.server/session";
import { openDatabase } from "../../app/.server/db";
import { loggedUrl } from "../../server/app";
import { seededCatalogue } from "../setup/catalogue";
import { seedDataDir, testDatabases } from "../setup/db";
import { main } from "../../scripts/user";
import { makeRecord } from "../factories/records";

const PASSWORD = "Archivio-2026";
const NEW_PASSWORD = "Nuova-Parola7";
const SENT = "Controlla la tua email per continuare il processo di reset password";
const EXPIRED = "Link reset password scaduto";

const sessionOf = (res: Response) => res.headers.getSetCookie().find((c) => /^(__Host-)?teca_session=/.test(c));
const cookiePair = (setCookie: string | undefined) => (setCookie ?? "").split(";")[0]!;

/** The decoded body of a quoted-printable MIME message (enough to read the link and the texts). */
function decodeMime(raw: string): string {
  const s = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const hex = s.slice(i + 1, i + 3);
    if (s[i] === "=" && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(s[i]!));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The Subject header of a raw message, its encoded words (RFC 2047, Q) decoded. */
function subjectOf(raw: string): string {
  const header = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const line = /^Subject: (.*)$/m.exec(header)?.[1] ?? "";
  return line.replace(/\?=\s+=\?/g, "?==?").replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_m, q: string) => decodeMime(q.replace(/_/g, " ")));
}

const linkIn = (text: string) => /https?:\/\/[^\s"<]+\/reset_password\/([\w-]+)/.exec(text);

async function until<T>(fn: () => T | undefined | Promise<T | undefined>, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("reset mail and logs", () => {
  it("escapes every value in the HTML mail and writes the three languages", () => {
    const m = resetMail("en", {
      site: 'Archivio <b>"&"</b>',
      email: "a<b>@example.org",
      link: "https://teca.example.org/en/reset_password/abc?x=1&y=2",
    });
    expect(m.subject).toBe('Archivio <b>"&"</b>: reset your password');
    expect(m.html).toContain("Archivio &lt;b&gt;&quot;&amp;&quot;&lt;/b&gt;");
    expect(m.html).toContain("a&lt;b&gt;@example.org");
    expect(m.html).toContain('href="https://teca.example.org/en/reset_password/abc?x=1&amp;y=2"');
    expect(m.html).not.toContain("<b>");
    expect(m.text).toContain("https://teca.example.org/en/reset_password/abc?x=1&y=2");
    expect(resetMail("it", { site: "T", email: "e", link: "l" }).subject).toBe("T: reimposta la password");
    expect(resetMail("fr", { site: "T", email: "e", link: "l" }).text).toContain("Le lien est valable une heure");
  });

  it("keeps a reset link's token out of the request log", () => {
    expect(loggedUrl("/en/reset_password/AbC_-123456789012345678901234?x=1")).toBe("/en/reset_password/[token]?x=1");
    expect(loggedUrl("/reset_password/AbC_-123456789012345678901234.data")).toBe("/reset_password/[token]");
    expect(loggedUrl("/cerca?q=reset")).toBe("/cerca?q=reset");
    expect(loggedUrl("/fr/shared/AbC_-123456789012345678901234567890123456789.data")).toBe("/fr/shared/[token]");
  });
});

for (const target of testDatabases()) {
  describe(`password reset and change on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    let server: Awaited<ReturnType<typeof seededCatalogue>>["server"];
    let dataDir: string;
    const actor = { userId: null, address: "test" };
    const saved = { DATA_DIR: process.env.DATA_DIR, SMTP_URL: process.env.SMTP_URL };

    const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
      server.fetch(p, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.base, ...headers },
        body: JSON.stringify(body),
      });
    const login = (email: string, password: string) => post("/api/public/login", { email, password });
    const signedIn = async (email: string, password = PASSWORD) => {
      const res = await login(email, password);
      expect(res.status).toBe(200);
      return cookiePair(sessionOf(res));
    };
    const profile = async (cookie: string) => (await server.fetch("/api/auth/profile", { headers: { Cookie: cookie } })).status;
    const outbox = () => path.join(dataDir, "outbox");
    /** Every message written to the outbox for `to`, decoded, oldest first. */
    const mailsTo = (to: string) => {
      if (!fs.existsSync(outbox())) return [];
      return fs
        .readdirSync(outbox())
        .sort()
        .map((f) => fs.readFileSync(path.join(outbox(), f), "utf8"))
        .map((raw) => `Subject: ${subjectOf(raw)}\n${decodeMime(raw)}`)
        .filter((m) => m.toLowerCase().includes(`\nto: ${to.toLowerCase()}\n`));
    };
    /** Waits for the `n`th mail to `to` and gives its token. */
    const nthMail = async (to: string, n: number) => {
      const mail = await until(() => mailsTo(to)[n - 1], `mail ${n} to ${to}`);
      return { mail, token: linkIn(mail)![1]!, link: linkIn(mail)![0] };
    };
    const auditCount = async (event: string, email?: string) =>
      (
        await cat.db.rows<{ n: number }>(
          email
            ? sql`select count(*)::int as n from audit_log where event = ${event} and lower(email) = ${email}`
            : sql`select count(*)::int as n from audit_log where event = ${event}`,
        )
      )[0]!.n;
    const clearLimits = () => cat.db.rows(sql`delete from rate_limits`);
    let originalHash = "";
    /** Gives a user back the password PASSWORD after a test changed it. */
    const restore = (email: string) =>
      cat.db.rows(sql`update users set password_hash = ${originalHash} where lower(email) = ${email.toLowerCase()}`);

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "teca-reset-"));
      process.env.DATA_DIR = dataDir;
      delete process.env.SMTP_URL;
      cat = await seededCatalogue(target, [makeRecord({ id: "pub", texts: { it: { label: "Ventaglio" } } })]);
      server = cat.server;
      await createUser(
        { database: cat.db },
        { email: "Rita@Example.org", roles: ["Ricercatore"], password: PASSWORD, firstName: "Rita" },
        actor,
      );
      await createUser({ database: cat.db }, { email: "marco@example.org", roles: ["Ricercatore"], password: PASSWORD }, actor);
      await createUser({ database: cat.db }, { email: "manager@example.org", roles: ["Manager"], password: PASSWORD }, actor);
      await createUser({ database: cat.db }, { email: "spento@example.org", roles: ["Ricercatore"], password: PASSWORD }, actor);
      await createUser({ database: cat.db }, { email: "sso@example.org", roles: ["Ricercatore"] }, actor);
      originalHash = (await cat.db.rows<{ h: string }>(sql`select password_hash as h from users where email = 'marco@example.org'`))[0]!.h;
      await cat.db.rows(sql`update users set disabled = true where email = 'spento@example.org'`);
      await cat.db.rows(sql`update users set sso = true, sso_subject = 'sub-1' where email = 'sso@example.org'`);
    });
    afterAll(async () => {
      await cat?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    });

    it("answers every address the same way (existing, unknown, SSO, disabled) and mails only the existing account", async () => {
      const answers = await Promise.all(
        ["rita@example.org", "nobody@example.org", "sso@example.org", "spento@example.org"].map((email) =>
          post("/api/public/reset_password", { email }),
        ),
      );
      const bodies = await Promise.all(answers.map((r) => r.text()));
      for (const [i, r] of answers.entries()) {
        expect(r.status).toBe(200);
        expect(r.headers.get("cache-control")).toBe("no-store");
        expect(sessionOf(r)).toBeUndefined();
        expect(bodies[i]).toBe(bodies[0]);
      }
      expect(JSON.parse(bodies[0]!)).toEqual({ message: SENT });
      await until(async () => ((await auditCount("password_reset_requested")) === 4 ? true : undefined), "four audit rows");
      const { mail, link } = await nthMail("Rita@Example.org", 1);
      expect(mail).toContain("Subject: Teca: reimposta la password");
      expect(mail).toContain("Content-Type: text/plain");
      expect(mail).toContain("Content-Type: text/html");
      expect(link.startsWith(`${server.base}/reset_password/`)).toBe(true);
      for (const other of ["nobody@example.org", "sso@example.org", "spento@example.org"]) expect(mailsTo(other)).toEqual([]);
      // the audit says who asked and whether a mail went out; never the token
      const rows = await cat.db.rows<{ email: string; detail: { sent: boolean; reason?: string } }>(
        sql`select email, detail from audit_log where event = 'password_reset_requested' order by email`,
      );
      expect(rows.map((r) => [r.email, r.detail.sent, r.detail.reason ?? null])).toEqual([
        ["nobody@example.org", false, "unknown"],
        ["rita@example.org", true, null],
        ["spento@example.org", false, "disabled"],
        ["sso@example.org", false, "sso"],
      ]);
      // the token is stored hashed
      const token = linkIn(mail)![1]!;
      expect((await cat.db.rows<{ n: number }>(sql`select count(*)::int as n from password_reset_tokens where id = ${token}`))[0]!.n).toBe(
        0,
      );
      await clearLimits();
    });

    it("mails no link to a host or port the site does not serve as itself (issue 29 §8)", async () => {
      const port = new URL(server.base).port;
      /** A reset request with the Host an attacker chooses (fetch cannot forge one). */
      const ask = (host: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const body = JSON.stringify({ email: "marco@example.org" });
          const req = http.request(
            {
              host: "127.0.0.1",
              port: Number(port),
              method: "POST",
              path: "/api/public/reset_password",
              headers: { host, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
            },
            (res) => {
              let text = "";
              res.on("data", (d) => (text += d));
              res.on("end", () => resolve({ status: res.statusCode!, body: text }));
            },
          );
          req.on("error", reject);
          req.end(body);
        });
      const before = mailsTo("marco@example.org").length;
      const origins = async () =>
        cat.db.rows<{ n: number }>(
          sql`select count(*)::int as n from audit_log where event = 'password_reset_requested' and email = 'marco@example.org' and detail->>'reason' = 'origin'`,
        );
      for (const host of ["localhost:31337", "127.0.0.1:1", `localhost:${Number(port) + 1}`]) {
        const forged = await ask(host);
        // The same answer as always (nothing says whether a mail went)…
        expect(forged.status, host).toBe(200);
        expect(JSON.parse(forged.body)).toEqual({ message: SENT });
      }
      // …but no link went anywhere.
      await until(async () => ((await origins())[0]!.n === 3 ? true : undefined), "three refused origins");
      expect(mailsTo("marco@example.org")).toHaveLength(before);
      // The host with the port the request arrived on is the site's own: the link follows it.
      expect((await ask(`localhost:${port}`)).status).toBe(200);
      const { link } = await nthMail("marco@example.org", before + 1);
      expect(link.startsWith(`http://localhost:${port}/reset_password/`)).toBe(true);
      await clearLimits();
    });

    it("takes the same time for an existing and an unknown address (medians within a factor of two)", async () => {
      process.env.RESET_MAX_PER_ACCOUNT = "1000";
      process.env.RESET_MAX_PER_ADDRESS = "1000";
      try {
        const known: number[] = [];
        const unknown: number[] = [];
        const timed = async (email: string, into: number[]) => {
          const t = performance.now();
          expect((await post("/api/public/reset_password", { email })).status).toBe(200);
          into.push(performance.now() - t);
        };
        // Pairs in alternating order, so neither kind always follows the other (a mail sent after the reply
        // lands in some later request), and enough of them that a busy machine's pauses fall on both kinds.
        for (let i = 0; i < 16; i++) {
          if (i % 2) await timed(`nobody${i}@example.org`, unknown);
          await timed("marco@example.org", known);
          if (!(i % 2)) await timed(`nobody${i}@example.org`, unknown);
        }
        const median = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]!;
        expect(median(known) / median(unknown)).toBeGreaterThan(0.5);
        expect(median(known) / median(unknown)).toBeLessThan(2);
        await nthMail("marco@example.org", 16);
      } finally {
        delete process.env.RESET_MAX_PER_ACCOUNT;
        delete process.env.RESET_MAX_PER_ADDRESS;
        await clearLimits();
      }
    });

    it("completes a reset once: rule and confirmation checked, sessions ended, the new password works, the link is then spent (406)", async () => {
      const before = await signedIn("rita@example.org");
      expect((await post("/api/public/reset_password", { email: "RITA@example.org", locale: "en" })).status).toBe(200);
      const { mail, token, link } = await nthMail("Rita@Example.org", 2);
      expect(mail).toContain("Subject: Teca: reset your password");
      expect(link).toBe(`${server.base}/en/reset_password/${token}`);
      // the link's page
      const page = await server.fetch(`/en/reset_password/${token}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      const html = await page.text();
      expect(html).toContain("Choose a new password");
      expect(html).toContain("New password for Rita@Example.org.");
      expect((await post("/api/public/verify_reset_password", { token })).status).toBe(200);

      const weak = await post("/api/public/change_password", { token, password: "password", confirmation: "password" });
      expect(weak.status).toBe(400);
      expect(((await weak.json()) as { error: { message: string } }).error.message).toBe(
        "La password deve essere di almeno 8 caratteri e contenere una lettera minuscola, una lettera maiuscola, un numero e un simbolo tra - _ ! $ % @ #.",
      );
      const mismatch = await post("/api/public/change_password", { token, password: NEW_PASSWORD, confirmation: "Altra-Parola7" });
      expect(mismatch.status).toBe(400);
      expect(await mismatch.json()).toEqual({ error: { code: 400, message: "Le password non corrispondono" } });
      // a refused password does not spend the link
      expect((await post("/api/public/verify_reset_password", { token })).status).toBe(200);
      expect(await profile(before)).toBe(200);

      const ok = await post("/api/public/change_password", { token, password: NEW_PASSWORD, confirmation: NEW_PASSWORD, locale: "en" });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ message: "Password changed" });
      expect(await profile(before)).toBe(401);
      expect((await login("rita@example.org", PASSWORD)).status).toBe(401);
      expect((await login("rita@example.org", NEW_PASSWORD)).status).toBe(200);
      expect(await auditCount("password_reset", "rita@example.org")).toBe(1);

      // spent: the API answers 406, the page sends the browser to login with the message
      const again = await post("/api/public/change_password", { token, password: "Terza-Parola7", confirmation: "Terza-Parola7" });
      expect(again.status).toBe(406);
      expect(await again.json()).toEqual({ error: { code: 406, message: EXPIRED } });
      const verify = await post("/api/public/verify_reset_password", { token, locale: "fr" });
      expect(verify.status).toBe(406);
      expect(await verify.json()).toEqual({ error: { code: 406, message: "Le lien de réinitialisation du mot de passe a expiré" } });
      const spent = await server.fetch(`/en/reset_password/${token}`);
      expect(spent.status).toBe(302);
      expect(spent.headers.get("location")).toBe("/en/login?msg=session.expired_reset_password");
      const loginPage = await server.fetch("/en/login?msg=session.expired_reset_password");
      expect(await loginPage.text()).toContain("The password reset link has expired");
      await restore("Rita@Example.org");
      await clearLimits();
    });

    it("refuses an expired link and an unknown one with 406; every other link of the user ends with a reset", async () => {
      const [rita] = await cat.db.rows<{ id: string }>(sql`select id from users where email = 'Rita@Example.org'`);
      const old = await issueResetToken({ database: cat.db }, rita!.id);
      await cat.db.rows(sql`update password_reset_tokens set expires_at = now() - interval '1 second'`);
      expect(await checkResetToken({ database: cat.db }, old.token)).toBeNull();
      expect((await post("/api/public/verify_reset_password", { token: old.token })).status).toBe(406);
      expect((await post("/api/public/change_password", { token: old.token, password: NEW_PASSWORD })).status).toBe(406);
      expect((await server.fetch(`/fr/reset_password/${old.token}`)).headers.get("location")).toBe(
        "/fr/login?msg=session.expired_reset_password",
      );
      for (const token of ["", "x", "a".repeat(43), "../../etc/passwd"])
        expect((await post("/api/public/verify_reset_password", { token })).status).toBe(406);
      expect((await post("/api/public/verify_reset_password", "not an object")).status).toBe(406);
      const garbled = await server.fetch("/api/public/change_password", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.base },
        body: "{",
      });
      expect(garbled.status).toBe(400);
      expect(await garbled.json()).toEqual({ error: { code: 400, message: "Errore nel cambio password" } });
      // an hour's validity
      const fresh = await issueResetToken({ database: cat.db }, rita!.id);
      expect(fresh.expiresAt.getTime() - Date.now()).toBeGreaterThan(3_590_000);
      expect(fresh.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3_600_000);
      const second = await issueResetToken({ database: cat.db }, rita!.id);
      expect((await post("/api/public/change_password", { token: second.token, password: NEW_PASSWORD })).status).toBe(200);
      expect((await post("/api/public/verify_reset_password", { token: fresh.token })).status).toBe(406);
      await restore("Rita@Example.org");
    });

    it("the pages work without JavaScript: request in French, then the new password through the form", async () => {
      const page = await server.fetch("/fr/reset_password");
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Réinitialiser le mot de passe");
      const csrf = /name="csrf" value="([\w-]+)"/.exec(html)![1]!;
      const form = (p: string, fields: Record<string, string>) =>
        server.fetch(p, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base },
          body: new URLSearchParams({ csrf, ...fields }).toString(),
        });
      const bad = await form("/fr/reset_password", { email: "pas une adresse" });
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain("Erreur lors de la réinitialisation du mot de passe");
      const n = mailsTo("marco@example.org").length;
      const sent = await form("/fr/reset_password", { email: "marco@example.org" });
      expect(sent.status).toBe(200);
      expect(await sent.text()).toContain("Consultez votre messagerie pour poursuivre la réinitialisation du mot de passe");
      const { mail, token } = await nthMail("marco@example.org", n + 1);
      expect(mail).toContain("Subject: Teca : réinitialisez votre mot de passe");
      const target = `/fr/reset_password/${token}`;
      const mismatch = await form(target, { password: NEW_PASSWORD, confirmation: "Autre-Mot7" });
      expect(mismatch.status).toBe(400);
      expect(await mismatch.text()).toContain("Les mots de passe ne correspondent pas");
      const done = await form(target, { password: NEW_PASSWORD, confirmation: NEW_PASSWORD });
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toBe("/fr/login?msg=password.changed");
      expect(await (await server.fetch("/fr/login?msg=password.changed")).text()).toContain("Mot de passe modifié");
      expect((await login("marco@example.org", NEW_PASSWORD)).status).toBe(200);
      const spent = await form(target, { password: NEW_PASSWORD, confirmation: NEW_PASSWORD });
      expect(spent.status).toBe(302);
      expect(spent.headers.get("location")).toBe("/fr/login?msg=session.expired_reset_password");
      await restore("marco@example.org");
      await clearLimits();
    });

    it("refuses cross-site posts to the reset and password endpoints with 403", async () => {
      const cookie = await signedIn("rita@example.org");
      const json = { "Content-Type": "application/json" };
      for (const p of [
        "/api/public/reset_password",
        "/api/public/verify_reset_password",
        "/api/public/change_password",
        "/api/auth/change_password",
      ]) {
        const body = JSON.stringify({ email: "rita@example.org", token: "x", currentPassword: PASSWORD, password: NEW_PASSWORD });
        expect(
          (await server.fetch(p, { method: "POST", headers: { ...json, Cookie: cookie, Origin: "https://evil.example" }, body })).status,
          p,
        ).toBe(403);
        expect(
          (await server.fetch(p, { method: "POST", headers: { ...json, Cookie: cookie, "Sec-Fetch-Site": "cross-site" }, body })).status,
          p,
        ).toBe(403);
      }
      // form posts without Origin need the form token
      const form = { "Content-Type": "application/x-www-form-urlencoded" };
      expect((await server.fetch("/reset_password", { method: "POST", headers: form, body: "email=rita%40example.org" })).status).toBe(403);
      expect(
        (
          await server.fetch("/editPassword", {
            method: "POST",
            headers: { ...form, Cookie: cookie },
            body: `currentPassword=${PASSWORD}&password=${NEW_PASSWORD}&confirmation=${NEW_PASSWORD}`,
          })
        ).status,
      ).toBe(403);
      expect(await profile(cookie)).toBe(200);
      expect(await auditCount("password_changed", "rita@example.org")).toBe(0);
    });

    it("limits mails per address typed (same reply, no mail: no one can block a reset) and requests per client (429 with Retry-After)", async () => {
      await clearLimits();
      process.env.RESET_MAX_PER_ACCOUNT = "2";
      process.env.RESET_MAX_PER_ADDRESS = "6";
      try {
        for (const email of ["rita@example.org", "ghost@example.org"]) {
          for (let i = 0; i < 2; i++) expect((await post("/api/public/reset_password", { email })).status).toBe(200);
          const third = await post("/api/public/reset_password", { email: email.toUpperCase() });
          expect(third.status).toBe(200);
        }
        // the third requests sent nothing, and the audit log says why (written after the reply)
        const limitedRows = () =>
          cat.db.rows<{ n: number }>(
            sql`select count(*)::int as n from audit_log where event = 'password_reset_requested' and detail->>'reason' = 'limited'`,
          );
        await until(async () => ((await limitedRows())[0]!.n >= 2 ? true : undefined), "the audit rows of the limited requests");
        expect((await limitedRows())[0]!.n).toBe(2);
        // six requests counted for this client: a seventh is refused
        const refused = await post("/api/public/reset_password", { email: "marco@example.org" });
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
        expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
        expect(await refused.json()).toEqual({ error: { code: 429, message: "Troppe richieste di reset. Riprova tra 60 minuti." } });
        // the page says so too, with the same Retry-After
        const page = await server.fetch("/en/reset_password", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base },
          body: new URLSearchParams({ email: "marco@example.org" }).toString(),
        });
        expect(page.status).toBe(429);
        expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(3500);
        expect(await page.text()).toContain("Too many reset requests");
        // the limit passes with the hour
        await cat.db.rows(sql`update rate_limits set expire = now() - interval '1 second'`);
        expect((await post("/api/public/reset_password", { email: "rita@example.org" })).status).toBe(200);
      } finally {
        delete process.env.RESET_MAX_PER_ACCOUNT;
        delete process.env.RESET_MAX_PER_ADDRESS;
        await clearLimits();
      }
    });

    it("changes a signed-in user's password: current one required, other sessions end, this one is renewed", async () => {
      const here = await signedIn("rita@example.org");
      const elsewhere = await signedIn("rita@example.org");
      const change = (cookie: string, body: Record<string, string>) => post("/api/auth/change_password", body, { Cookie: cookie });
      const wrong = await change(here, { currentPassword: "Sbagliata-1", password: NEW_PASSWORD, confirmation: NEW_PASSWORD });
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toEqual({ error: { code: 400, message: "La password attuale non è corretta." } });
      expect((await change(here, { currentPassword: PASSWORD, password: "corta", confirmation: "corta" })).status).toBe(400);
      const mismatch = await change(here, {
        currentPassword: PASSWORD,
        password: NEW_PASSWORD,
        confirmation: "Altra-Parola7",
        locale: "en",
      });
      expect(await mismatch.json()).toEqual({ error: { code: 400, message: "The passwords do not match" } });
      expect(await profile(elsewhere)).toBe(200);
      const ok = await change(here, { currentPassword: PASSWORD, password: NEW_PASSWORD, confirmation: NEW_PASSWORD });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ message: "Password cambiata" });
      const renewed = cookiePair(sessionOf(ok));
      expect(renewed).toMatch(/^teca_session=[\w-]{43}$/);
      expect(renewed).not.toBe(here);
      expect(await profile(renewed)).toBe(200);
      expect(await profile(here)).toBe(401);
      expect(await profile(elsewhere)).toBe(401);
      expect((await login("rita@example.org", NEW_PASSWORD)).status).toBe(200);
      const audit = await cat.db.rows<{ event: string; actor_id: string | null; subject_id: string }>(
        sql`select event, actor_id, subject_id from audit_log where event in ('password_changed', 'password_change_failed') order by id`,
      );
      expect(audit.map((a) => a.event)).toEqual(["password_change_failed", "password_changed"]);
      expect(audit[1]!.actor_id).toBe(audit[1]!.subject_id);
      await restore("Rita@Example.org");
    });

    it("/editPassword: visitors go to login, a role without CHANGE_PASSWORD and SSO users get 404, the form works without JavaScript", async () => {
      const visitor = await server.fetch("/en/editPassword");
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("location")).toBe("/en/login?redirect=%2Fen%2FeditPassword");
      expect((await post("/api/auth/change_password", { currentPassword: PASSWORD, password: NEW_PASSWORD })).status).toBe(401);
      const manager = await signedIn("manager@example.org");
      expect((await server.fetch("/editPassword", { headers: { Cookie: manager } })).status).toBe(404);
      expect(
        (await post("/api/auth/change_password", { currentPassword: PASSWORD, password: NEW_PASSWORD }, { Cookie: manager })).status,
      ).toBe(404);
      const [sso] = await cat.db.rows<{ id: string }>(sql`select id from users where email = 'sso@example.org'`);
      const ssoSession = await createSession(cat.db, sso!.id, { userAgent: "test", address: "test" });
      const ssoCookie = `teca_session=${ssoSession.token}`;
      expect(await profile(ssoCookie)).toBe(200);
      expect((await server.fetch("/editPassword", { headers: { Cookie: ssoCookie } })).status).toBe(404);
      expect(
        (
          await post(
            "/api/auth/change_password",
            { currentPassword: "", password: NEW_PASSWORD, confirmation: NEW_PASSWORD },
            { Cookie: ssoCookie },
          )
        ).status,
      ).toBe(404);

      const rita = await signedIn("rita@example.org");
      const page = await server.fetch("/en/editPassword", { headers: { Cookie: rita } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Current password");
      const csrf = /name="csrf" value="([\w-]+)"/.exec(html)![1]!;
      const submit = (fields: Record<string, string>) =>
        server.fetch("/en/editPassword", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: rita, Origin: server.base },
          body: new URLSearchParams({ csrf, ...fields }).toString(),
        });
      const wrong = await submit({ currentPassword: "Sbagliata-1", password: NEW_PASSWORD, confirmation: NEW_PASSWORD });
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain("The current password is not correct.");
      const done = await submit({ currentPassword: PASSWORD, password: NEW_PASSWORD, confirmation: NEW_PASSWORD });
      expect(done.status).toBe(200);
      expect(await done.text()).toContain("Password changed");
      const renewed = cookiePair(sessionOf(done));
      expect(await profile(renewed)).toBe(200);
      expect(await profile(rita)).toBe(401);
      await restore("Rita@Example.org");
      await clearLimits();
    });

    it("counts wrong current passwords on the change page like failed sign-ins of this client (429 with Retry-After)", async () => {
      await clearLimits();
      process.env.LOGIN_MAX_FAILURES_ACCOUNT = "2";
      try {
        await createUser({ database: cat.db }, { email: "mirta@example.org", roles: ["Ricercatore"], password: PASSWORD }, actor);
        const cookie = await signedIn("mirta@example.org");
        const change = (currentPassword: string) =>
          server.fetch("/fr/editPassword", {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base, Cookie: cookie },
            body: new URLSearchParams({ currentPassword, password: NEW_PASSWORD, confirmation: NEW_PASSWORD }).toString(),
          });
        for (let i = 0; i < 2; i++) expect((await change("Sbagliata-1")).status).toBe(400);
        const held = await change(PASSWORD);
        expect(held.status).toBe(429);
        expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(800);
        expect(Number(held.headers.get("retry-after"))).toBeLessThanOrEqual(900);
        expect(await held.text()).toContain("Trop de tentatives");
        // nothing changed: the password is still the old one
        expect(await profile(cookie)).toBe(200);
        await clearLimits();
        expect((await login("mirta@example.org", PASSWORD)).status).toBe(200);
      } finally {
        delete process.env.LOGIN_MAX_FAILURES_ACCOUNT;
        await clearLimits();
      }
    });

    it("follows the site option patternPassword when it is set (an invalid pattern falls back to the spec's)", async () => {
      const { saveSiteOptions } = await import("../../app/features/site/site.server");
      const { newPasswordProblem } = await import("../../app/features/accounts/reset.server");
      const [row] = await cat.db.rows<{ options: Record<string, unknown> }>(sql`select options from site_options where locale = 'it'`);
      const before = row?.options ?? {};
      try {
        expect(await newPasswordProblem({ database: cat.db }, "lungalunga12", "lungalunga12")).toBe("password.invalid");
        await saveSiteOptions({ database: cat.db }, "it", { ...before, patternPassword: "^(?=.*\\d).{12,}$" } as never);
        expect(await newPasswordProblem({ database: cat.db }, "lungalunga12", "lungalunga12")).toBeNull();
        expect(await newPasswordProblem({ database: cat.db }, "Corta-12", "Corta-12")).toBe("password.invalid");
        expect(await newPasswordProblem({ database: cat.db }, "lungalunga12", "lungalunga13")).toBe("password.mismatch");
        await saveSiteOptions({ database: cat.db }, "it", { ...before, patternPassword: "([" } as never);
        expect(await newPasswordProblem({ database: cat.db }, "Nuova-Parola7", undefined)).toBeNull();
        expect(await newPasswordProblem({ database: cat.db }, "lungalunga12", undefined)).toBe("password.invalid");
      } finally {
        await saveSiteOptions({ database: cat.db }, "it", before as never);
      }
    });

    it("sends the mail through SMTP when SMTP_URL is set (a real SMTP server started here)", async () => {
      const received: { from: string; to: string[]; raw: string }[] = [];
      const smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        onData(stream, session, callback) {
          let raw = "";
          stream.on("data", (c: Buffer) => (raw += c.toString("utf8")));
          stream.on("end", () => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
              raw,
            });
            callback();
          });
        },
      });
      await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", () => r()));
      const port = (smtp.server.address() as { port: number }).port;
      process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
      process.env.MAIL_FROM = "Archivio <archivio@example.org>";
      try {
        expect((await post("/api/public/reset_password", { email: "rita@example.org", locale: "fr" })).status).toBe(200);
        // (a mail of an earlier test, sent a moment after its reply, may reach this server too: find ours)
        const msg = await until(() => received.find((m) => subjectOf(m.raw).includes("réinitialisez")), "the SMTP message");
        expect(msg.from).toBe("archivio@example.org");
        expect(msg.to.map((a) => a.toLowerCase())).toEqual(["rita@example.org"]);
        const text = `Subject: ${subjectOf(msg.raw)}\n${decodeMime(msg.raw)}`;
        expect(text).toContain("Subject: Teca : réinitialisez votre mot de passe");
        const token = linkIn(text)![1]!;
        expect(linkIn(text)![0]).toBe(`${server.base}/fr/reset_password/${token}`);
        // sent through SMTP only, not written to the outbox too (the outbox may still receive an earlier
        // test's mail, sent a moment after its reply: look for this mail's link, not a count)
        expect(mailsTo("Rita@Example.org").filter((m) => m.includes(token))).toEqual([]);
        expect((await post("/api/public/change_password", { token, password: NEW_PASSWORD, confirmation: NEW_PASSWORD })).status).toBe(200);
        expect((await login("rita@example.org", NEW_PASSWORD)).status).toBe(200);
      } finally {
        delete process.env.SMTP_URL;
        delete process.env.MAIL_FROM;
        await new Promise<void>((r) => smtp.close(() => r()));
        await restore("Rita@Example.org");
        await clearLimits();
      }
    });
  });
}

describe("npm run user: one-time links", () => {
  it("add without a password prints a reset link; reset-link prints another in the chosen language", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "teca-user-cli-"));
    seedDataDir(dataDir);
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", PUBLIC_URL: "https://teca.example.org/", LOG_LEVEL: "warn" };
    try {
      // the tool in process (scripts/user.ts main; tests/integration/accounts-cli.test.ts runs it once as a process)
      const tool = async (...args: string[]) => {
        let stdout = "";
        let stderr = "";
        const status = await main(args, { env, stdin: "", out: (l) => (stdout += `${l}\n`), err: (l) => (stderr += `${l}\n`) });
        return { status, stdout, stderr };
      };
      const add = await tool("add", "--email", "nuova@example.org", "--role", "Ricercatore");
      expect(add.status).toBe(0);
      expect(add.stdout).toContain("Created nuova@example.org");
      const first = /https:\/\/teca\.example\.org\/reset_password\/([\w-]{43})\n/.exec(add.stdout);
      expect(first, add.stdout).not.toBeNull();
      const again = await tool("reset-link", "--email", "NUOVA@example.org", "--locale", "en");
      const second = /https:\/\/teca\.example\.org\/en\/reset_password\/([\w-]{43})\n/.exec(again.stdout);
      expect(second, again.stdout).not.toBeNull();
      const nobody = await tool("reset-link", "--email", "nobody@example.org");
      expect(nobody.status).not.toBe(0);
      expect(nobody.stderr).toContain("No user with the address nobody@example.org");
      const database = await openDatabase({ dataDir });
      try {
        expect(await checkResetToken({ database }, first![1]!)).toMatchObject({ email: "nuova@example.org" });
        expect(await checkResetToken({ database }, second![1]!)).toMatchObject({ email: "nuova@example.org" });
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
