import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { createUser } from "../../app/features/accounts/accounts.server";
import { botCheckCsp, botCheckMode, newAltchaChallenge } from "../../app/features/accounts/bot-check.server";
import { seededCatalogue } from "../setup/catalogue";
import { testDatabases } from "../setup/db";
import { makeRecord } from "../factories/records";

/**
 * The bot check on sign-in and on the reset request (issue 13 §3, decision 047), through the real app: a
 * missing, invalid, replayed or expired ALTCHA token is refused before anything else (no failed sign-in
 * counted, no audit row, no mail), a valid one works once; reCAPTCHA's siteverify is a local stub here.
 */

const PASSWORD = "Archivio-2026";
const saved = { ...process.env };
type Challenge = Awaited<ReturnType<typeof newAltchaChallenge>>;

/** What the widget does in the browser: solve the challenge, send challenge and solution as base64 JSON. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

describe("BOT_CHECK", () => {
  it("is altcha unless set to recaptcha or off; an unknown value keeps the check on", () => {
    expect(botCheckMode({})).toBe("altcha");
    expect(botCheckMode({ BOT_CHECK: "OFF" })).toBe("off");
    expect(botCheckMode({ BOT_CHECK: "recaptcha" })).toBe("recaptcha");
    expect(botCheckMode({ BOT_CHECK: "none" })).toBe("altcha");
  });
  it("adds Google's hosts to the CSP only for reCAPTCHA", () => {
    expect(botCheckCsp({})).toEqual({ script: [], frame: [] });
    expect(botCheckCsp({ BOT_CHECK: "recaptcha" }).script).toEqual([
      "https://www.google.com/recaptcha/",
      "https://www.gstatic.com/recaptcha/",
    ]);
  });
});

for (const target of testDatabases()) {
  describe(`the bot check on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    let stub: http.Server;
    let stubUrl = "";
    const actor = { userId: null, address: "test" };

    beforeAll(async () => {
      process.env.ALTCHA_HMAC_KEY = "a test key for the altcha challenges";
      cat = await seededCatalogue(target, [makeRecord({ id: "pub", texts: { it: { label: "Ventaglio pubblico" } } })]);
      await createUser({ database: cat.db }, { email: "rita@example.org", roles: ["Ricercatore"], password: PASSWORD }, actor);
      // reCAPTCHA's siteverify, as Google answers it: success only for the token "good-token".
      stub = http.createServer((req, res) => {
        let body = "";
        req.on("data", (c) => (body += c));
        req.on("end", () => {
          const form = new URLSearchParams(body);
          const ok = form.get("secret") === "test-secret" && form.get("response") === "good-token";
          res.setHeader("Content-Type", "application/json");
          res.end(JSON.stringify(ok ? { success: true } : { success: false, "error-codes": ["invalid-input-response"] }));
        });
      });
      await new Promise<void>((r) => stub.listen(0, "127.0.0.1", () => r()));
      stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/siteverify`;
    });
    afterAll(async () => {
      for (const k of ["BOT_CHECK", "ALTCHA_HMAC_KEY", "RECAPTCHA_SITE_KEY", "RECAPTCHA_SECRET", "RECAPTCHA_VERIFY_URL"]) {
        if (k in saved) process.env[k] = saved[k];
        else delete process.env[k];
      }
      await new Promise<void>((r) => stub?.close(() => r()));
      await cat?.close();
    });

    const json = () => ({ "Content-Type": "application/json", Origin: cat.server.base });
    const login = (body: Record<string, unknown>) =>
      cat.server.fetch("/api/public/login", {
        method: "POST",
        headers: json(),
        body: JSON.stringify({ email: "rita@example.org", password: PASSWORD, ...body }),
      });
    const challenge = async () => {
      const res = await cat.server.fetch("/api/public/altcha");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      return (await res.json()) as Challenge;
    };
    const counts = async () => {
      const [row] = await cat.db.rows<{ failures: number; audit: number; resets: number }>(
        sql`select (select coalesce(sum(points), 0)::int from rate_limits) as failures, (select count(*)::int from audit_log) as audit,
          (select count(*)::int from password_reset_tokens) as resets`,
      );
      return row!;
    };

    it("hands out signed challenges that expire in ten minutes", async () => {
      process.env.BOT_CHECK = "altcha";
      const c = await challenge();
      expect(c.parameters.algorithm).toBe("PBKDF2/SHA-256");
      expect(c.signature).toMatch(/^[0-9a-f]{64}$/);
      expect(c.parameters.expiresAt! - Date.now() / 1000).toBeGreaterThan(590);
      expect(c.parameters.expiresAt! - Date.now() / 1000).toBeLessThanOrEqual(600);
    });

    it("refuses a sign-in without a token, in the request's language, counting nothing", async () => {
      process.env.BOT_CHECK = "altcha";
      const before = await counts();
      for (const [locale, text] of [
        ["it", "Completa la verifica anti-bot prima di continuare."],
        ["en", "Complete the bot check before continuing."],
        ["fr", "Terminez la vérification anti-robot avant de continuer."],
      ] as const) {
        const res = await login({ locale });
        expect(res.status).toBe(400);
        expect(res.headers.getSetCookie()).toEqual([]);
        expect(await res.json()).toEqual({ error: { code: 400, message: text, botCheck: true } });
      }
      // a wrong password without a token is refused the same way: the password is never looked at
      expect((await login({ password: "Wrong-password1", locale: "en" })).status).toBe(400);
      expect(await counts()).toEqual(before);
    });

    it("refuses invalid tokens: garbage, a forged signature, a wrong solution", async () => {
      process.env.BOT_CHECK = "altcha";
      const before = await counts();
      const failed = { error: { code: 400, message: "The bot check is not valid or has expired: try again.", botCheck: true } };
      for (const botToken of ["not-base64-json!", Buffer.from("{}").toString("base64"), "x".repeat(9000)]) {
        const res = await login({ botToken, locale: "en" });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual(failed);
      }
      const c = await challenge();
      const good = JSON.parse(Buffer.from(await solve(c), "base64").toString()) as {
        challenge: Challenge;
        solution: { counter: number; derivedKey: string };
      };
      // the cost lowered by the client: the signature no longer matches
      const forged = { ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 1 } } };
      // another key than the one the solution derives: not the solution
      const flipped = good.solution.derivedKey.replace(/^./, (c) => (c === "0" ? "1" : "0"));
      const wrong = { ...good, solution: { ...good.solution, derivedKey: flipped } };
      // a challenge signed with another key
      process.env.ALTCHA_HMAC_KEY = "another key, not the server's one";
      const foreign = await solve(await newAltchaChallenge());
      process.env.ALTCHA_HMAC_KEY = "a test key for the altcha challenges";
      for (const payload of [forged, wrong]) {
        const res = await login({ botToken: Buffer.from(JSON.stringify(payload)).toString("base64"), locale: "en" });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual(failed);
      }
      expect((await login({ botToken: foreign, locale: "en" })).status).toBe(400);
      expect(await counts()).toEqual(before);
    });

    it("accepts a solved challenge once: the same token again is refused", async () => {
      process.env.BOT_CHECK = "altcha";
      const token = await solve(await challenge());
      const ok = await login({ botToken: token, locale: "en" });
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { user: { email: string } }).user.email).toBe("rita@example.org");
      const again = await login({ botToken: token, locale: "en" });
      expect(again.status).toBe(400);
      expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
        "The bot check is not valid or has expired: try again.",
      );
      // the spec's field name works too
      expect((await login({ recaptchaToken: await solve(await challenge()) })).status).toBe(200);
      // a wrong password with a valid token is an ordinary failed sign-in (401), counted as such
      const before = await counts();
      const wrongPassword = await login({ password: "Wrong-password1", botToken: await solve(await challenge()) });
      expect(wrongPassword.status).toBe(401);
      expect((await counts()).failures).toBe(before.failures + 2);
    });

    it("refuses an expired challenge, even solved", async () => {
      process.env.BOT_CHECK = "altcha";
      const old = await newAltchaChallenge(Date.now() - 11 * 60_000);
      const res = await login({ botToken: await solve(old), locale: "fr" });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        "La vérification anti-robot n'est pas valide ou a expiré : réessayez.",
      );
    });

    it("checks the login page's form post and the reset request the same way", async () => {
      process.env.BOT_CHECK = "altcha";
      const before = await counts();
      const form = { "Content-Type": "application/x-www-form-urlencoded", Origin: cat.server.base };
      const page = await cat.server.fetch("/en/login", {
        method: "POST",
        headers: form,
        body: new URLSearchParams({ email: "rita@example.org", password: PASSWORD }),
      });
      expect(page.status).toBe(400);
      expect(page.headers.getSetCookie().some((c) => c.startsWith("teca_session="))).toBe(false);
      expect(await page.text()).toContain("Complete the bot check before continuing.");
      // reset: no token, no mail and no link; a valid token, the usual answer
      const reset = (body: Record<string, string>) =>
        cat.server.fetch("/api/public/reset_password", {
          method: "POST",
          headers: json(),
          body: JSON.stringify({ email: "rita@example.org", locale: "it", ...body }),
        });
      const refused = await reset({});
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: { code: 400, message: "Completa la verifica anti-bot prima di continuare." } });
      const resetPage = await cat.server.fetch("/en/reset_password", {
        method: "POST",
        headers: form,
        body: new URLSearchParams({ email: "rita@example.org" }),
      });
      expect(resetPage.status).toBe(400);
      expect(await resetPage.text()).toContain("Complete the bot check before continuing.");
      await new Promise((r) => setTimeout(r, 1_500)); // (a mail would go out within 1.2 s)
      expect(await counts()).toEqual(before);
      const ok = await reset({ botToken: await solve(await challenge()) });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ message: "Controlla la tua email per continuare il processo di reset password" });
    });

    it("with BOT_CHECK=recaptcha asks Google's siteverify (a local stub here)", async () => {
      Object.assign(process.env, {
        BOT_CHECK: "recaptcha",
        RECAPTCHA_SITE_KEY: "test-site",
        RECAPTCHA_SECRET: "test-secret",
        RECAPTCHA_VERIFY_URL: stubUrl,
      });
      expect((await cat.server.fetch("/api/public/altcha")).status).toBe(404);
      const page = await (await cat.server.fetch("/en/login")).text();
      expect(page).toContain('class="bot-check__recaptcha"');
      expect(page).toContain("test-site");
      expect((await login({ locale: "en" })).status).toBe(400);
      expect((await login({ botToken: "bad-token", locale: "en" })).status).toBe(400);
      expect((await login({ "g-recaptcha-response": "good-token" })).status).toBe(200);
      expect((await login({ botToken: "good-token" })).status).toBe(200);
      // siteverify unreachable: refused, with its own message
      process.env.RECAPTCHA_VERIFY_URL = "http://127.0.0.1:9/siteverify";
      const down = await login({ botToken: "good-token", locale: "en" });
      expect(down.status).toBe(400);
      expect(((await down.json()) as { error: { message: string } }).error.message).toBe(
        "The bot check is not available right now: try again shortly.",
      );
    });

    it("with BOT_CHECK=off signs in without a token and hands out no challenge", async () => {
      process.env.BOT_CHECK = "off";
      expect((await cat.server.fetch("/api/public/altcha")).status).toBe(404);
      expect((await login({})).status).toBe(200);
    });
  });
}
