import crypto from "node:crypto";
import { createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { lt, sql } from "drizzle-orm";
import { botCheckSpent } from "../../../db/schema";
import type { Database } from "~/.server/db";
import type { ServiceContext } from "~/.server/context";
import { secretMaterial } from "~/.server/secrets";
import { ALTCHA_CHALLENGE_PATH, type BotCheckClient } from "./bot-check";
import { logger } from "~/.server/logger";

/**
 * The bot check on sign-in and on the reset request (issue 13 §3, decision 047), chosen by BOT_CHECK:
 * - `altcha` (default): a proof-of-work challenge made and verified here (altcha-lib), signed with an HMAC key
 *   (ALTCHA_HMAC_KEY, else `DATA_DIR/secrets/altcha.key`), valid ten minutes and once; no third party.
 * - `recaptcha`: Google reCAPTCHA v2 with RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET, the token checked with
 *   siteverify (RECAPTCHA_VERIFY_URL overrides its address, for tests).
 * - `off`: no check.
 * The mode is read at each request, so a test may switch it; the CSP for reCAPTCHA's scripts is set at start.
 */

export type BotCheckMode = "altcha" | "recaptcha" | "off";

let warned = "";
export function botCheckMode(env: NodeJS.ProcessEnv = process.env): BotCheckMode {
  const v = (env.BOT_CHECK ?? "").trim().toLowerCase();
  if (v === "" || v === "altcha") return "altcha";
  if (v === "off" || v === "recaptcha") return v;
  // An unknown value keeps the check on rather than silently turning it off.
  if (warned !== v) logger.warn({ BOT_CHECK: env.BOT_CHECK }, "BOT_CHECK is not altcha, recaptcha or off: using altcha");
  warned = v;
  return "altcha";
}

export function botCheckClient(env: NodeJS.ProcessEnv = process.env): BotCheckClient {
  const mode = botCheckMode(env);
  if (mode === "altcha") return { mode, challengeUrl: ALTCHA_CHALLENGE_PATH };
  // Without its keys the sign-in answers an error (recaptchaConfig); the pages still render.
  if (mode === "recaptcha") return { mode, siteKey: env.RECAPTCHA_SITE_KEY?.trim() ?? "" };
  return { mode: "off" };
}

function recaptchaConfig(env: NodeJS.ProcessEnv) {
  const siteKey = env.RECAPTCHA_SITE_KEY?.trim() ?? "";
  const secret = env.RECAPTCHA_SECRET?.trim() ?? "";
  // Fail closed: a site asking for reCAPTCHA without its keys must not sign anyone in unchecked.
  if (!siteKey || !secret) throw new Error("BOT_CHECK=recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET");
  return { siteKey, secret, verifyUrl: env.RECAPTCHA_VERIFY_URL?.trim() || "https://www.google.com/recaptcha/api/siteverify" };
}

// ── ALTCHA ─────────────────────────────────────────────────────────────────────────────────────────────

/** How long a challenge may be solved and used: a visitor reads the page, types, maybe looks something up. */
export const CHALLENGE_TTL_S = 10 * 60;
/**
 * PBKDF2-SHA-256 with 1,000 iterations per try and the answer among the first 1,000–3,000 counters: about
 * half a second of a phone's or laptop's CPU (the widget uses several workers), one PBKDF2 to verify here.
 * Each sign-in attempt costs a bot the same — on top of the per-account and per-address limits.
 */
const ALGORITHM = "PBKDF2/SHA-256";
const COST = 1_000;
const COUNTER = [1_000, 3_000] as const;

/** ALTCHA_HMAC_KEY (at least 16 characters; the same on every host), else a key file made at first use. */
export function altchaKey(env: NodeJS.ProcessEnv = process.env): string {
  return crypto
    .createHash("sha256")
    .update(`teca-altcha:${secretMaterial("ALTCHA_HMAC_KEY", "altcha.key", env)}`)
    .digest("hex");
}

/** Two secrets from one key: one signs the challenge, the other the expected derived key. */
const secrets = () => {
  const key = altchaKey();
  const sub = (label: string) => crypto.createHmac("sha256", key).update(label).digest("hex");
  return { hmacSignatureSecret: sub("challenge"), hmacKeySignatureSecret: sub("derived-key") };
};

/** A new signed challenge, as GET /api/public/altcha answers it to the widget. */
export async function newAltchaChallenge(now = Date.now()) {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(COUNTER[1], COUNTER[0]),
    deriveKey,
    expiresAt: Math.floor(now / 1000) + CHALLENGE_TTL_S,
    ...secrets(),
  });
}

// ── Verification ───────────────────────────────────────────────────────────────────────────────────────

export type BotCheckResult = { ok: true } | { ok: false; reason: "missing" | "invalid" | "expired" | "replayed" | "unavailable" };

/** The token a request carries: `botToken` (JSON or form), the spec's `recaptchaToken`, or the widgets' own names. */
export function botTokenOf(body: Record<string, unknown> | FormData): string {
  const get = (k: string) => (body instanceof FormData ? body.get(k) : body[k]);
  for (const k of ["botToken", "recaptchaToken", "altcha", "g-recaptcha-response"]) {
    const v = get(k);
    if (typeof v === "string" && v.trim()) return v.trim();
  }
  return "";
}

/**
 * Checks a request's bot token before anything else is done with it. A failure changes nothing: no
 * failed sign-in is counted, no mail goes out (the caller answers at once).
 */
export async function verifyBotToken(
  ctx: Pick<ServiceContext, "database">,
  token: string,
  input: { address?: string } = {},
): Promise<BotCheckResult> {
  const mode = botCheckMode();
  if (mode === "off") return { ok: true };
  if (!token) return { ok: false, reason: "missing" };
  if (token.length > 8_000) return { ok: false, reason: "invalid" };
  return mode === "altcha" ? verifyAltcha(ctx.database, token) : verifyRecaptcha(token, input.address ?? "");
}

type AltchaPayload = {
  challenge?: { parameters?: { nonce?: unknown; expiresAt?: unknown } & Record<string, unknown>; signature?: unknown };
  solution?: unknown;
};

async function verifyAltcha(database: Database, token: string): Promise<BotCheckResult> {
  let payload: AltchaPayload;
  try {
    payload = JSON.parse(Buffer.from(token, "base64").toString("utf8")) as AltchaPayload;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  const params = payload?.challenge?.parameters;
  if (
    !params ||
    typeof params !== "object" ||
    typeof params.nonce !== "string" ||
    typeof payload.challenge?.signature !== "string" ||
    !payload.solution
  )
    return { ok: false, reason: "invalid" };
  // A challenge without an expiry would be valid for ever: ours always have one (signed with the rest).
  if (typeof params.expiresAt !== "number") return { ok: false, reason: "invalid" };
  let result: Awaited<ReturnType<typeof verifySolution>>;
  try {
    result = await verifySolution({
      challenge: payload.challenge as unknown as Parameters<typeof verifySolution>[0]["challenge"],
      solution: payload.solution as unknown as Parameters<typeof verifySolution>[0]["solution"],
      deriveKey,
      ...secrets(),
    });
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (result.expired) return { ok: false, reason: "expired" };
  if (!result.verified) return { ok: false, reason: "invalid" };
  // Once: the signed nonce is claimed by one insert; a second use (even at the same moment) finds it taken.
  const id = crypto.createHash("sha256").update(params.nonce).digest("hex");
  await database.db.delete(botCheckSpent).where(lt(botCheckSpent.expiresAt, new Date()));
  const claimed = await database.db
    .insert(botCheckSpent)
    .values({ id, expiresAt: new Date(params.expiresAt * 1000) })
    .onConflictDoNothing()
    .returning({ id: botCheckSpent.id });
  return claimed.length ? { ok: true } : { ok: false, reason: "replayed" };
}

async function verifyRecaptcha(token: string, address: string): Promise<BotCheckResult> {
  const { secret, verifyUrl } = recaptchaConfig(process.env);
  const form = new URLSearchParams({ secret, response: token });
  if (address) form.set("remoteip", address);
  try {
    const res = await fetch(verifyUrl, { method: "POST", body: form, signal: AbortSignal.timeout(5_000) });
    if (!res.ok) throw new Error(`siteverify answered ${res.status}`);
    const body = (await res.json()) as { success?: boolean; "error-codes"?: string[] };
    if (body.success === true) return { ok: true };
    return { ok: false, reason: body["error-codes"]?.includes("timeout-or-duplicate") ? "expired" : "invalid" };
  } catch (err) {
    logger.error({ err: (err as Error).message }, "bot check: reCAPTCHA siteverify did not answer");
    return { ok: false, reason: "unavailable" };
  }
}

/** Spent challenges are deleted as new ones are claimed; this is for tests. */
export async function spentCount(ctx: Pick<ServiceContext, "database">): Promise<number> {
  const [row] = await ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from bot_check_spent`);
  return row?.n ?? 0;
}

/**
 * What the Content-Security-Policy must add for the check, read when the server starts: nothing for ALTCHA
 * (its script, worker and stylesheet are this site's own files); Google's script and frame hosts for reCAPTCHA.
 */
export function botCheckCsp(env: NodeJS.ProcessEnv = process.env): { script: string[]; frame: string[] } {
  if (botCheckMode(env) !== "recaptcha") return { script: [], frame: [] };
  return {
    script: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
    frame: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
  };
}
