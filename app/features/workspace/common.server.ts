import crypto from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import type { Db } from "~/.server/db";
import { slugifyLabel } from "~/lib/tables";

/**
 * What the workspace's services share (collections, shares, moodboards, stories): their refusal, the
 * viewer's user id as owner, ids, published addresses, dates and the SQL helper for transactions.
 */

export type WorkspaceErrorCode = "notFound" | "invalid" | "limit" | "conflict" | "forbidden";

/** A refusal the calls and pages map to a status and a translated message (http.server.ts). */
export class WorkspaceError extends Error {
  constructor(
    readonly code: WorkspaceErrorCode,
    readonly messageKey: string,
    readonly params: Record<string, number | string> = {},
  ) {
    super(messageKey);
  }
}

/** The refusal of a missing id — and of anyone else's, which must answer exactly the same. */
export const notFound = () => new WorkspaceError("notFound", "error.notFound");

/** The viewer's user id; a visitor owns nothing (the guard keeps visitors out before this). */
export function ownerOf(ctx: Pick<ServiceContext, "viewer">): string {
  if (ctx.viewer.kind !== "user" || !ctx.viewer.userId) throw notFound();
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
