import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { sessions, users } from "../../db/schema";
import { parseCapabilities, type Capabilities } from "~/lib/capabilities";
import { readCookie } from "~/lib/cookies";
import { anonymousViewer, viewerFor, type Viewer } from "./access/viewer";
import type { Database } from "./db";

/**
 * Server-side sessions (decision 040). The browser holds a random 256-bit token in an HttpOnly cookie; the
 * database holds its SHA-256 with the user, the times and the user agent. A session ends at its absolute
 * expiry, after `idle` without a request, at logout, or when the user is disabled or removed.
 */

let configured: Capabilities | null = null;
/** The capabilities in force: the defaults of spec §6 overridden by CAPABILITIES ("NAME:number,…"). */
export function capabilities(): Capabilities {
  configured ??= parseCapabilities(process.env.CAPABILITIES);
  return configured;
}

export type SessionTimes = { idleMs: number; absoluteMs: number };

/** SESSION_IDLE_MINUTES (default 120) and SESSION_MAX_HOURS (default 168, a week). */
export function sessionTimes(env: NodeJS.ProcessEnv = process.env): SessionTimes {
  const num = (v: string | undefined, d: number) => (v && Number(v) > 0 ? Number(v) : d);
  return { idleMs: num(env.SESSION_IDLE_MINUTES, 120) * 60_000, absoluteMs: num(env.SESSION_MAX_HOURS, 168) * 3_600_000 };
}

/** last_seen_at is written at most once a minute per session: a page view is not a database write. */
const TOUCH_MS = 60_000;

export const SESSION_COOKIE = "teca_session";
export const CSRF_COOKIE = "teca_csrf";

/** Over HTTPS the cookies take the `__Host-` prefix (Secure, Path=/, no Domain: no subdomain can set them). */
export const cookieName = (base: string, secure: boolean) => (secure ? `__Host-${base}` : base);

export function serializeCookie(name: string, value: string, opts: { secure: boolean; maxAgeSeconds?: number }): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (opts.secure) parts.push("Secure");
  if (opts.maxAgeSeconds !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(opts.maxAgeSeconds))}`);
  return parts.join("; ");
}

export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
export const newToken = () => crypto.randomBytes(32).toString("base64url");

/** What the request boundary knows about the caller, beside the viewer: for the account routes only. */
export type AuthContext = {
  /** The current session's id (the token's hash), or null. */
  sessionId: string | null;
  /** The client's address (behind TRUST_PROXY, the forwarded one). */
  address: string;
  userAgent: string;
  /** Cookies are Secure and __Host- prefixed (HTTPS). */
  secure: boolean;
  /** The CSRF cookie's value, if any. */
  csrfCookie: string | null;
  /** A form post came without Origin and Sec-Fetch-Site: it must carry the form token (decision 040). */
  formTokenRequired: boolean;
  /** The origin links in mail may carry (PUBLIC_URL, else an allowed host and port), or null: none is mailed (issue 29 §8). */
  linkOrigin?: () => string | null;
};

export type RequestIdentity = { viewer: Viewer; sessionId: string | null };

type SessionRow = {
  id: string;
  userId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  level: number;
  roles: string[];
  disabled: boolean;
};

/**
 * The viewer of a request from its Cookie header: the one place that reads the session cookie. An unknown,
 * expired or idle session, or a disabled user, gives the anonymous viewer (and the expired row is deleted).
 */
export async function identify(
  database: Database,
  cookieHeader: string | null | undefined,
  secure: boolean,
  now = new Date(),
): Promise<RequestIdentity> {
  const caps = capabilities();
  const anonymous = { viewer: anonymousViewer(caps), sessionId: null };
  const token = readCookie(cookieHeader, cookieName(SESSION_COOKIE, secure));
  if (!token || token.length > 100) return anonymous;
  const id = hashToken(token);
  const [row] = (await database.db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      level: users.level,
      roles: users.roles,
      disabled: users.disabled,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))) as SessionRow[];
  if (!row) return anonymous;
  const { idleMs } = sessionTimes();
  if (row.disabled || row.expiresAt.getTime() <= now.getTime() || row.lastSeenAt.getTime() + idleMs <= now.getTime()) {
    await database.db.delete(sessions).where(eq(sessions.id, id));
    return anonymous;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_MS) {
    await database.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return { viewer: viewerFor({ id: row.userId, level: row.level, roles: row.roles }, caps), sessionId: id };
}

/** Opens a session for a user: a new token every time (never the one the browser came with). */
export async function createSession(database: Database, userId: string, meta: { userAgent: string; address: string }) {
  const token = newToken();
  const { absoluteMs } = sessionTimes();
  const expiresAt = new Date(Date.now() + absoluteMs);
  await database.db.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt,
    userAgent: meta.userAgent.slice(0, 300),
    address: meta.address.slice(0, 100),
  });
  // Expired sessions of anyone go at each sign-in: the table stays the size of the active sessions.
  await database.db.delete(sessions).where(sql`${sessions.expiresAt} < now()`);
  return { token, expiresAt };
}

export async function deleteSession(database: Database, sessionId: string) {
  await database.db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (password change, disabling, removal). */
export async function deleteUserSessions(database: Database, userId: string) {
  await database.db.delete(sessions).where(eq(sessions.userId, userId));
}

/** The Set-Cookie of a new session (lives until the session's absolute expiry). */
export function sessionCookie(token: string, expiresAt: Date, secure: boolean) {
  return serializeCookie(cookieName(SESSION_COOKIE, secure), token, { secure, maxAgeSeconds: (expiresAt.getTime() - Date.now()) / 1000 });
}

export function clearedSessionCookie(secure: boolean) {
  return serializeCookie(cookieName(SESSION_COOKIE, secure), "", { secure, maxAgeSeconds: 0 });
}

/** Whether the request came over HTTPS: PUBLIC_URL says so, or a trusted proxy does (x-forwarded-proto). */
export function isSecureRequest(reqSecure: boolean, publicUrl = process.env.PUBLIC_URL): boolean {
  return Boolean(publicUrl?.startsWith("https:")) || reqSecure;
}
