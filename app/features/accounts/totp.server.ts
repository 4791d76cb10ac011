import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { generateSecret, generateURI, verifySync } from "otplib";
import QRCode from "qrcode";
import { recoveryCodes, users } from "../../../db/schema";
import type { ServiceContext } from "~/.server/context";
import { secretMaterial } from "~/.server/secrets";
import { capabilities } from "~/.server/session";
import type { CapabilityName } from "~/lib/capabilities";
import { levelCarries } from "~/.server/access";
import { audit, type Actor } from "./audit.server";
import { getSiteOptions } from "~/features/site/index.server";

/**
 * Two-factor sign-in with TOTP (RFC 6238, 30-second codes of 6 digits; decision 046, docs/accounts.md).
 * The secret is stored encrypted (AES-256-GCM with TOTP_KEY, else a key file in DATA_DIR); a code is
 * accepted once (the last accepted time step is kept); ten recovery codes, stored as SHA-256, work once each.
 */

const PERIOD = 30;
/** One step either side: a phone's clock may be 30 s off. */
const TOLERANCE = PERIOD;
export const RECOVERY_CODES = 10;

// ── The encryption key ─────────────────────────────────────────────────────────────────────────────────

/**
 * TOTP_KEY (any string of at least 16 characters, hashed to 256 bits), else `DATA_DIR/secrets/totp.key`,
 * made at first use (random, mode 0600). Several hosts must share TOTP_KEY.
 */
export function totpKey(env: NodeJS.ProcessEnv = process.env): Buffer {
  return crypto
    .createHash("sha256")
    .update(`teca-totp:${secretMaterial("TOTP_KEY", "totp.key", env)}`)
    .digest();
}

export function encryptSecret(secret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", totpKey(), iv);
  const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(":");
}

export function decryptSecret(stored: string): string {
  const [v, iv, tag, data] = stored.split(":");
  if (v !== "v1" || !iv || !tag || !data) throw new Error("not an encrypted TOTP secret");
  const decipher = crypto.createDecipheriv("aes-256-gcm", totpKey(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

// ── Codes ──────────────────────────────────────────────────────────────────────────────────────────────

/** The time step a code is valid for, or null (wrong, or not after `after`). */
export function checkCode(secret: string, code: string, after: number | null, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const result = verifySync({
    secret,
    token,
    period: PERIOD,
    epoch: Math.floor(now / 1000),
    epochTolerance: TOLERANCE,
    ...(after !== null ? { afterTimeStep: after } : {}),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** A recovery code: 10 characters of an unambiguous alphabet, shown as XXXXX-XXXXX (50 bits). */
function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % 32]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
const normalizeRecovery = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, "");
const hashRecovery = (code: string) =>
  crypto
    .createHash("sha256")
    .update(`teca-recovery:${normalizeRecovery(code)}`)
    .digest("hex");

// ── State of a user ────────────────────────────────────────────────────────────────────────────────────

export type TotpState = { enabled: boolean; recoveryLeft: number; sso: boolean };

export async function totpState(ctx: Pick<ServiceContext, "database">, userId: string): Promise<TotpState> {
  const [u] = await ctx.database.db.select({ secret: users.totpSecret, sso: users.sso }).from(users).where(eq(users.id, userId));
  const [r] = await ctx.database.rows<{ n: number }>(
    sql`select count(*)::int as n from recovery_codes where user_id = ${userId} and used_at is null`,
  );
  return { enabled: Boolean(u?.secret), recoveryLeft: r?.n ?? 0, sso: Boolean(u?.sso) };
}

/** Capability names from a list or a comma/space-separated string; unknown names are left out. */
function capabilityNames(value: unknown): CapabilityName[] {
  const caps = capabilities();
  const parts = Array.isArray(value)
    ? value.filter((v): v is string => typeof v === "string")
    : typeof value === "string"
      ? value.split(/[,\s]+/)
      : [];
  return parts.map((s) => s.trim().toUpperCase()).filter((s): s is CapabilityName => s !== "" && s in caps);
}

/** REQUIRE_2FA_FOR: capability names (e.g. `MANAGE_USERS,ADMIN`) whose holders must use a second factor. */
export function requiredFor(env: NodeJS.ProcessEnv = process.env): CapabilityName[] {
  return capabilityNames(env.REQUIRE_2FA_FOR ?? "");
}

/**
 * The capabilities that need a second factor: REQUIRE_2FA_FOR and the site option `require2faFor` together
 * (decision 048; either may only add to the other).
 */
export async function requiredForSite(ctx: Pick<ServiceContext, "database">): Promise<CapabilityName[]> {
  const options = await getSiteOptions(ctx, "it");
  return [...new Set([...requiredFor(), ...capabilityNames(options.require2faFor)])];
}

/** Whether a password sign-in of this user needs a second step: TOTP is on, or it is required for them. */
export function secondStepOf(
  user: { level: number; totpSecret: string | null; sso: boolean },
  required: CapabilityName[] = requiredFor(),
): "code" | "setup" | null {
  if (user.sso) return null;
  if (user.totpSecret) return "code";
  return required.some((c) => levelCarries(user.level, c)) ? "setup" : null;
}

/** Starts turning TOTP on: a new secret kept (encrypted) as pending, and what the user scans or types. */
export async function beginSetup(ctx: Pick<ServiceContext, "database">, userId: string, siteName: string) {
  const [u] = await ctx.database.db.select({ email: users.email, on: users.totpSecret }).from(users).where(eq(users.id, userId));
  if (!u) throw new Error("no such user");
  // A secret in use is never replaced in passing: turning it off (which takes a code) comes first.
  if (u.on) return null;
  const secret = generateSecret();
  await ctx.database.db
    .update(users)
    .set({ totpPendingSecret: encryptSecret(secret) })
    .where(eq(users.id, userId));
  const uri = generateURI({ issuer: siteName.slice(0, 60) || "Teca", label: u.email, secret, period: PERIOD });
  const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: "M", margin: 2, width: 220 });
  return { secret, uri, qr };
}

/** The pending setup, if any (to show the same QR code again after a wrong code). */
export async function pendingSetup(ctx: Pick<ServiceContext, "database">, userId: string, siteName: string) {
  const [u] = await ctx.database.db
    .select({ email: users.email, pending: users.totpPendingSecret })
    .from(users)
    .where(eq(users.id, userId));
  if (!u?.pending) return null;
  const secret = decryptSecret(u.pending);
  const uri = generateURI({ issuer: siteName.slice(0, 60) || "Teca", label: u.email, secret, period: PERIOD });
  return { secret, uri, qr: await QRCode.toDataURL(uri, { errorCorrectionLevel: "M", margin: 2, width: 220 }) };
}

/**
 * Confirms the pending secret with a code from the app: TOTP is on, and the ten recovery codes are answered
 * (shown once; only their hashes stay). Null when the code is wrong or nothing is pending.
 */
export async function confirmSetup(
  ctx: Pick<ServiceContext, "database">,
  userId: string,
  code: string,
  actor: Actor,
): Promise<string[] | null> {
  const [u] = await ctx.database.db
    .select({ email: users.email, pending: users.totpPendingSecret, on: users.totpSecret })
    .from(users)
    .where(eq(users.id, userId));
  if (!u?.pending || u.on) return null;
  const step = checkCode(decryptSecret(u.pending), code, null);
  if (step === null) return null;
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await ctx.database.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: u.pending, totpPendingSecret: null, totpLastStep: step, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecovery(c) })));
  });
  await audit(ctx, { event: "totp_enabled", actor, subjectId: userId, email: u.email });
  return codes;
}

export type SecondFactor = "totp" | "recovery";

/**
 * Checks a code of a user with TOTP on: a 6-digit code not used before (its time step must be after the
 * last accepted one, written atomically so two requests cannot both use it), or an unused recovery code
 * (spent by the same statement that finds it). Answers which one worked, or null.
 */
export async function verifySecondFactor(
  ctx: Pick<ServiceContext, "database">,
  userId: string,
  code: string,
): Promise<SecondFactor | null> {
  const [u] = await ctx.database.db.select({ secret: users.totpSecret, last: users.totpLastStep }).from(users).where(eq(users.id, userId));
  if (!u?.secret) return null;
  const trimmed = code.trim().slice(0, 40);
  if (/^\d[\d\s]*$/.test(trimmed)) {
    const step = checkCode(decryptSecret(u.secret), trimmed, u.last ?? null);
    if (step === null) return null;
    const claimed = await ctx.database.db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), sql`(${users.totpLastStep} is null or ${users.totpLastStep} < ${step})`))
      .returning({ id: users.id });
    return claimed.length ? "totp" : null;
  }
  if (normalizeRecovery(trimmed).length !== 10) return null;
  const spent = await ctx.database.db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecovery(trimmed)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length ? "recovery" : null;
}

/** Turns TOTP off (after a valid code or recovery code): the secret and the recovery codes go. */
export async function disableTotp(ctx: Pick<ServiceContext, "database">, userId: string, actor: Actor) {
  const [u] = await ctx.database.db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  await ctx.database.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await audit(ctx, { event: "totp_disabled", actor, subjectId: userId, email: u?.email ?? "" });
}
