import crypto from "node:crypto";
import type { SQL } from "drizzle-orm";
import { notFoundForViewer } from "~/.server/access";
import type { ServiceContext } from "~/.server/context";
import type { Db } from "~/.server/db";
import { slugifyLabel } from "~/lib/tables";

/**
 * What the workspace's services share (collections, shares, moodboards, stories): their domain error, the
 * viewer's user id as owner, ids, published addresses, dates and the SQL helper for transactions.
 */

export type WorkspaceErrorCode = "invalid" | "limit" | "conflict";

/**
 * Invalid input, a limit reached, a stale save: what the calls and pages map to 400 or 409 and a translated
 * message (http.server.ts). What the viewer may not see or do is the access policy's `Refusal` instead (404, or
 * 403 for a shared user who knows the collection exists).
 */
export class WorkspaceError extends Error {
  constructor(
    readonly code: WorkspaceErrorCode,
    readonly messageKey: string,
    readonly params: Record<string, number | string> = {},
  ) {
    super(messageKey);
  }
}

/** The viewer's user id; a visitor owns nothing (the guard keeps visitors out before this). */
export function ownerOf(ctx: Pick<ServiceContext, "viewer">): string {
  if (ctx.viewer.kind !== "user" || !ctx.viewer.userId) throw notFoundForViewer();
  return ctx.viewer.userId;
}

/** A private id: 12 random base64url characters (collections, moodboards, stories). */
export const newId = () => crypto.randomBytes(9).toString("base64url");

/** A published address: the title's words (at most 40 characters) and 8 random characters. */
export function publishedSlug(title: string) {
  const words = slugifyLabel(title).slice(0, 40).replace(/-+$/, "");
  const tail = Array.from(crypto.randomBytes(8), (b) => "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36]).join("");
  return words ? `${words}-${tail}` : tail;
}

/** A timestamp column (a Date on PGlite, a string on some drivers) as ISO 8601. */
export const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

/** How secret tokens are kept (secret links): only their SHA-256, hex. */
export const sha256 = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** A database or a transaction. */
export type Exec = { execute: Db["execute"] };

/** The rows of a statement run in `db` (a transaction, usually). */
export async function rowsIn<T>(db: Exec, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}
