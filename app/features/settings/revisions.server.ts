import { sql } from "drizzle-orm";
import { revisions } from "../../../db/schema";
import type { ServiceContext } from "~/.server/context";
import type { Database } from "~/.server/db";
import { compactDiff, diffValues, type DiffLine } from "~/lib/diff";
import { fieldChanges, type FieldChange } from "~/lib/field-diff";

/**
 * The revision history shared by the site options and the content pages (decisions 070, 075): one row per
 * saved value of an item (`kind` 'option' or 'page', its key, its locale or ''), numbered from 1. A save
 * holds a transaction-scoped advisory lock on the item, refuses a stale version (the caller answers 409),
 * first records the value nobody recorded (written before revisions existed or outside the editor), then
 * appends the new value. Values are JSON; `null` marks a removal.
 */

export type RevisionKind = "option" | "page";
export type RevisionItem = { kind: RevisionKind; key: string; locale: string };

export type Latest = { key: string; locale: string; version: number; value: unknown; removed: boolean; author: string | null; at: Date };

/** What a stale save is told: the version it missed, who wrote it and when (the caller adds the value). */
export class StaleRevisionError extends Error {
  constructor(readonly latest: Latest | undefined) {
    super("stale");
    this.name = "StaleRevisionError";
  }
}

export type Runner = { rows<T>(q: ReturnType<typeof sql>): Promise<T[]> };
type Tx = Parameters<Parameters<Database["db"]["transaction"]>[0]>[0];

/** A runner over a transaction (raw SQL returning rows). */
export const txRunner = (tx: Tx): Runner => ({
  rows: async <T>(q: ReturnType<typeof sql>) => ((await tx.execute(q)) as unknown as { rows: T[] }).rows,
});

/** JSON with sorted keys: jsonb does not keep key order, so values are compared this way. */
export function canonical(value: unknown): string {
  return (
    JSON.stringify(value, (_k, v: unknown) =>
      v && typeof v === "object" && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
        : v,
    ) ?? "undefined"
  );
}

/** The newest revision of each (key, locale) of a kind, for the given keys (null: all). */
export async function latestRevisions(run: Runner, kind: RevisionKind, keys: string[] | null): Promise<Latest[]> {
  const rows = await run.rows<{
    key: string;
    locale: string;
    version: number;
    value: unknown;
    removed: boolean;
    author: string | null;
    at: string | Date;
  }>(sql`
    select distinct on (r.key, r.locale) r.key, r.locale, r.version, r.value, (r.value is null) as removed, u.email as author, r.created_at as at
    from revisions r left join users u on u.id = r.author_id
    where r.kind = ${kind} ${
      keys
        ? sql`and r.key in (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )})`
        : sql``
    }
    order by r.key, r.locale, r.version desc`);
  return rows.map((r) => ({ ...r, at: new Date(r.at) }));
}

/** The newest revision of one item. */
export async function latestRevision(run: Runner, item: RevisionItem): Promise<Latest | undefined> {
  return (await latestRevisions(run, item.kind, [item.key])).find((l) => l.locale === item.locale);
}

/** One save of an item at a time, in every process (PGlite has one connection anyway). */
export async function lockRevisionItem(run: Runner, item: RevisionItem): Promise<void> {
  const name = item.kind === "option" ? `teca.option.${item.key}.${item.locale}` : `teca.${item.kind}.${item.key}.${item.locale}`;
  await run.rows(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}

export type AppendInput = {
  /** The version the editor started from: any other one is stale. */
  expectedVersion: number;
  /** What the item holds now (undefined: nothing). */
  stored: unknown;
  /** The value to save (undefined: a removal). */
  next: unknown;
  authorId: string;
  restoredFrom?: number;
};

/**
 * Inside the caller's transaction, after `lockRevisionItem`: refuses a stale version, records the stored value
 * when no revision holds it, and appends `next` unless it equals what is stored ('unchanged': nothing written).
 */
export async function appendRevision(
  tx: Tx,
  item: RevisionItem,
  input: AppendInput,
): Promise<{ status: "saved" | "unchanged"; version: number; latest: Latest | undefined }> {
  const run = txRunner(tx);
  const latest = await latestRevision(run, item);
  let version = latest?.version ?? 0;
  if (input.expectedVersion !== version) throw new StaleRevisionError(latest);
  const recorded = latest ? (latest.removed ? undefined : latest.value) : undefined;
  const row = (value: unknown, authorId: string | null, restoredFrom: number | null = null) => ({
    kind: item.kind,
    key: item.key,
    locale: item.locale,
    version,
    value: value === undefined ? null : sql`${JSON.stringify(value)}::jsonb`,
    authorId,
    restoredFrom,
  });
  if (input.stored !== undefined && canonical(input.stored) !== canonical(recorded)) {
    version += 1;
    await tx.insert(revisions).values(row(input.stored, null));
  } else if (input.stored === undefined && latest && !latest.removed) {
    version += 1;
    await tx.insert(revisions).values(row(undefined, null));
  }
  const same =
    input.next === undefined ? input.stored === undefined : input.stored !== undefined && canonical(input.stored) === canonical(input.next);
  if (same) return { status: "unchanged", version, latest };
  version += 1;
  await tx.insert(revisions).values(row(input.next, input.authorId, input.restoredFrom ?? null));
  return { status: "saved", version, latest };
}

export type HistoryEntry = {
  version: number;
  at: string;
  author: string | null;
  removed: boolean;
  restoredFrom: number | null;
  value: unknown;
  /** What changed as `path: value` lines (the settings API's answer). */
  diff: (DiffLine | null)[];
  /** What changed from the revision before, field by field (the history names them, issue 31 §4). */
  changes: FieldChange[];
};

const HISTORY_LIMIT = 50;

/**
 * An item's revisions, newest first, each with what changed from the one before, field by field (at most 50).
 * `readable` turns a value into what the difference compares (a page's own fields).
 */
export async function revisionHistory(
  ctx: Pick<ServiceContext, "database">,
  item: RevisionItem,
  readable: (value: unknown) => unknown = (v) => v,
): Promise<{ entries: HistoryEntry[]; total: number }> {
  const { database } = ctx;
  const rows = await database.rows<{
    version: number;
    value: unknown;
    removed: boolean;
    restored_from: number | null;
    author: string | null;
    at: string | Date;
  }>(sql`
    select r.version, r.value, (r.value is null) as removed, r.restored_from, u.email as author, r.created_at as at
    from revisions r left join users u on u.id = r.author_id
    where r.kind = ${item.kind} and r.key = ${item.key} and r.locale = ${item.locale}
    order by r.version desc limit ${HISTORY_LIMIT + 1}`);
  const entries = rows.slice(0, HISTORY_LIMIT).map((r, i) => {
    const before = rows[i + 1];
    const a = before && !before.removed ? readable(before.value) : undefined;
    const b = r.removed ? undefined : readable(r.value);
    return {
      version: r.version,
      at: new Date(r.at).toISOString(),
      author: r.author,
      removed: r.removed,
      restoredFrom: r.restored_from,
      value: r.removed ? null : r.value,
      diff: compactDiff(diffValues(a, b)),
      changes: fieldChanges(a, b),
    };
  });
  const [{ n } = { n: 0 }] = await database.rows<{ n: number }>(
    sql`select count(*)::int as n from revisions where kind = ${item.kind} and key = ${item.key} and locale = ${item.locale}`,
  );
  return { entries, total: n };
}

/** One revision's value (`removed`: the revision records a removal); undefined when there is no such version. */
export async function revisionAt(
  ctx: Pick<ServiceContext, "database">,
  item: RevisionItem,
  version: number,
): Promise<{ value: unknown; removed: boolean } | undefined> {
  const [row] = await ctx.database.rows<{ value: unknown; removed: boolean }>(
    sql`select value, (value is null) as removed from revisions where kind = ${item.kind} and key = ${item.key} and locale = ${item.locale} and version = ${version}`,
  );
  return row;
}
