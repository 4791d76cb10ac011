import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createUser } from "../../app/features/accounts/accounts.server";
import { seededCatalogue } from "../setup/catalogue";
import { testDatabases } from "../setup/db";
import { makeRecord } from "../factories/records";

/**
 * Issue 29, attack 2, replayed against the built server: an administrator saves a password rule that
 * backtracks (`^\w*\w*\w*\w*\w*\w*!$`: 2.4 s at 64 characters, over a minute at 128 on RegExp) and a signed-in
 * researcher posts long passwords to change_password, with a wrong current password and then the right one,
 * while a visitor asks for suggestions.
 */
const PASSWORD = "Archivio-2026";
const STALLING = "^\\w*\\w*\\w*\\w*\\w*\\w*!$";
/** The answers this test reads: a setting's state, and a refusal with its message and fields. */
type Answer = { version?: number; value?: unknown; error?: { message?: string; fields?: Record<string, string[]> } };
const cookiePair = (res: Response) => (res.headers.getSetCookie().find((c) => /^(__Host-)?teca_session=/.test(c)) ?? "").split(";")[0]!;

for (const target of testDatabases()) {
  describe(`site password pattern on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const cookies: Record<string, string> = {};
    const post = (p: string, body: unknown, cookie?: string) =>
      cat.server.fetch(p, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: cat.server.base, ...(cookie ? { Cookie: cookie } : {}) },
        body: JSON.stringify(body),
      });
    const state = async (key: string) =>
      (await (
        await cat.server.fetch(`/api/auth/backend/settings?key=${key}&locale=it`, { headers: { Cookie: cookies.admin! } })
      ).json()) as Answer;
    const save = async (value: unknown, locale = "it") =>
      post(
        "/api/auth/backend/settings",
        { key: "patternPassword", locale, value, version: (await state("patternPassword")).version },
        cookies.admin,
      );
    const change = (body: Record<string, string>) => post("/api/auth/change_password", body, cookies.researcher);
    const timed = async <T>(fn: () => Promise<T>) => {
      const t = performance.now();
      const value = await fn();
      return { value, ms: performance.now() - t };
    };

    beforeAll(async () => {
      cat = await seededCatalogue(target, [makeRecord({ id: "pub", texts: { it: { label: "Ventaglio dipinto" } } })]);
      for (const [key, email, role] of [
        ["researcher", "ricerca@example.org", "Ricercatore"],
        ["admin", "admin@example.org", "Amministratore"],
      ] as const) {
        await createUser({ database: cat.db }, { email, roles: [role], password: PASSWORD }, { userId: null, address: "test" });
        const res = await post("/api/public/login", { email, password: PASSWORD });
        expect(res.status).toBe(200);
        cookies[key] = cookiePair(res);
      }
    });
    afterAll(async () => {
      await cat?.close();
    });

    it("saves the review's pattern (harmless on the linear engine) and refuses what that engine cannot run, in the admin's language", async () => {
      expect((await save(STALLING)).status).toBe(200);
      expect((await state("patternPassword")).value).toBe(STALLING);
      const version = (await state("patternPassword")).version;
      for (const [pattern, locale, message] of [
        ["(\\w)\\1", "it", "Riferimenti all'indietro e lookbehind non sono disponibili"],
        ["^.{8,}(?=\\d)", "it", "i lookahead solo subito dopo il ^ iniziale"],
        ["(?<=a)b", "en", "Back-references and lookbehinds are not available"],
        ["(.{0,30}){30}", "fr", "Expression trop grande une fois compilée"],
      ]) {
        const res = await post("/api/auth/backend/settings", { key: "patternPassword", locale, value: pattern, version }, cookies.admin);
        expect(res.status, pattern).toBe(400);
        expect(((await res.json()) as Answer).error!.fields!.patternPassword!.join(" "), pattern).toContain(message);
      }
      expect((await state("patternPassword")).version).toBe(version);
      expect((await state("patternPassword")).value).toBe(STALLING);
    });

    it("checks the current password first, then runs the pattern on a 256-character password without stalling anyone", async () => {
      expect((await state("patternPassword")).value).toBe(STALLING);
      const long = `${"a".repeat(254)}!a`;
      // A wrong current password ends the request before the pattern meets the new one.
      const wrong = await timed(() => change({ currentPassword: "Sbagliata-1", password: long, confirmation: long }));
      expect(wrong.value.status).toBe(400);
      expect(await wrong.value.json()).toEqual({ error: { code: 400, message: "La password attuale non è corretta." } });
      // The right one: the pattern runs on 256 characters (days on RegExp) while a visitor asks for suggestions.
      const [right, visitor] = await Promise.all([
        timed(() => change({ currentPassword: PASSWORD, password: long, confirmation: long, locale: "fr" })),
        timed(() => cat.server.fetch("/api/public/suggest?q=venta&locale=it")),
      ]);
      expect(right.value.status).toBe(400);
      expect(((await right.value.json()) as Answer).error!.message).toMatch(/^Le mot de passe doit comporter/);
      expect(visitor.value.status).toBe(200);
      // Generous bounds for a shared machine (both take ~0.5 s here, an argon2 check included); the backtracking
      // engine held the whole server 2.4 s at 64 characters and would take hours at 256.
      expect(right.ms).toBeLessThan(5000);
      expect(visitor.ms).toBeLessThan(5000);
      // Beyond 256 characters the length refuses it before the pattern runs; one of the pattern's shape is taken.
      const tooLong = `${"b".repeat(256)}!`;
      expect((await change({ currentPassword: PASSWORD, password: tooLong, confirmation: tooLong })).status).toBe(400);
      const good = `${"b".repeat(200)}!`;
      expect((await change({ currentPassword: PASSWORD, password: good, confirmation: good })).status).toBe(200);
      expect((await post("/api/public/login", { email: "ricerca@example.org", password: good })).status).toBe(200);
      await cat.db.rows(sql`delete from rate_limits`);
    });
  });
}
