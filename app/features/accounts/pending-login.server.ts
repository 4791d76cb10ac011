import { and, eq, lt, sql } from "drizzle-orm";
import { pendingLogins } from "../../../db/schema";
import type { ServiceContext } from "~/.server/context";
import { cookieName, hashToken, newToken, serializeCookie } from "~/.server/session";
import { readCookie } from "~/lib/cookies";

/**
 * Sign-ins half done (decisions 045, 046): an OpenID Connect request waiting for the provider, or a
 * password accepted and waiting for the second factor. The row lives on the server for minutes; the
 * browser holds only a random token (HttpOnly cookie), the row's id is its SHA-256. Never a session.
 */

export type PendingKind = "oidc" | "totp";

/** The cookie of each kind: `teca_oidc`, `teca_2fa` (`__Host-` over HTTPS). */
export const PENDING_COOKIES: Record<PendingKind, string> = { oidc: "teca_oidc", totp: "teca_2fa" };

export type PendingLogin = {
  id: string;
  kind: PendingKind;
  userId: string | null;
  data: Record<string, unknown>;
  attempts: number;
  expiresAt: Date;
};

/** Stores a pending sign-in; answers the token and the Set-Cookie that carries it. */
export async function createPending(
  ctx: Pick<ServiceContext, "database">,
  kind: PendingKind,
  input: { userId?: string | null; data: Record<string, unknown>; ttlMs: number; secure: boolean },
): Promise<{ token: string; setCookie: string }> {
  // Expired rows of anyone go first: the table stays the size of the sign-ins in progress.
  await ctx.database.db.delete(pendingLogins).where(lt(pendingLogins.expiresAt, new Date()));
  const token = newToken();
  await ctx.database.db.insert(pendingLogins).values({
    id: hashToken(token),
    kind,
    userId: input.userId ?? null,
    data: input.data,
    expiresAt: new Date(Date.now() + input.ttlMs),
  });
  const setCookie = serializeCookie(cookieName(PENDING_COOKIES[kind], input.secure), token, {
    secure: input.secure,
    maxAgeSeconds: input.ttlMs / 1000,
  });
  return { token, setCookie };
}

/** The token the request's cookie holds for this kind, or null. */
export function pendingToken(cookieHeader: string | null | undefined, kind: PendingKind, secure: boolean): string | null {
  const token = readCookie(cookieHeader, cookieName(PENDING_COOKIES[kind], secure));
  return token && /^[\w-]{20,100}$/.test(token) ? token : null;
}

/** The live pending sign-in of a token (an expired one is deleted and answers null). */
export async function findPending(
  ctx: Pick<ServiceContext, "database">,
  kind: PendingKind,
  token: string | null,
): Promise<PendingLogin | null> {
  if (!token) return null;
  const id = hashToken(token);
  const [row] = await ctx.database.db
    .select()
    .from(pendingLogins)
    .where(and(eq(pendingLogins.id, id), eq(pendingLogins.kind, kind)));
  if (!row) return null;
  if (row.expiresAt.getTime() <= Date.now()) {
    await deletePending(ctx, id);
    return null;
  }
  return { id: row.id, kind, userId: row.userId, data: row.data, attempts: row.attempts, expiresAt: row.expiresAt };
}

/** Takes a pending sign-in once: the row is deleted as it is read, so a second use of the token finds nothing. */
export async function takePending(
  ctx: Pick<ServiceContext, "database">,
  kind: PendingKind,
  token: string | null,
): Promise<PendingLogin | null> {
  if (!token) return null;
  const [row] = await ctx.database.db
    .delete(pendingLogins)
    .where(and(eq(pendingLogins.id, hashToken(token)), eq(pendingLogins.kind, kind)))
    .returning();
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  return { id: row.id, kind, userId: row.userId, data: row.data, attempts: row.attempts, expiresAt: row.expiresAt };
}

/** Counts one more attempt on a pending sign-in; answers the new count. */
export async function countAttempt(ctx: Pick<ServiceContext, "database">, id: string): Promise<number> {
  const [row] = await ctx.database.db
    .update(pendingLogins)
    .set({ attempts: sql`${pendingLogins.attempts} + 1` })
    .where(eq(pendingLogins.id, id))
    .returning({ attempts: pendingLogins.attempts });
  return row?.attempts ?? Number.POSITIVE_INFINITY;
}

export async function updatePendingData(ctx: Pick<ServiceContext, "database">, id: string, data: Record<string, unknown>) {
  await ctx.database.db.update(pendingLogins).set({ data }).where(eq(pendingLogins.id, id));
}

export async function deletePending(ctx: Pick<ServiceContext, "database">, id: string) {
  await ctx.database.db.delete(pendingLogins).where(eq(pendingLogins.id, id));
}

/** The Set-Cookie that clears a kind's cookie. */
export const clearedPendingCookie = (kind: PendingKind, secure: boolean) =>
  serializeCookie(cookieName(PENDING_COOKIES[kind], secure), "", { secure, maxAgeSeconds: 0 });
