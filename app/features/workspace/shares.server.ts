import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { can, Refusal } from "~/.server/access";
import { localizePath, type Locale } from "~/lib/locale";
import { audit } from "~/features/accounts/index.server";
import { lockCollection, owned } from "./workspace.server";
import { iso, newId, sha256, WorkspaceError } from "./common.server";
import type { LinkDays, LinkView, SharesView, ShareRole } from "./shares";

/**
 * Sharing a collection (issue 15 §4 "Beyond the anchors", decision 061). Only the owner sees, makes and
 * revokes shares: every statement names the owner inside its WHERE (`owned`), so another user's collection is
 * not found. A share is made to an e-mail address and answers the same whether or not the address has an
 * account (no user enumeration); it then follows the account that had, or later gets, that address — by user
 * id, so a change of address keeps it (decision 067).
 * Secret links (SHARE_EXTERNAL) keep only the token's SHA-256; the token is shown once, at creation.
 */

/** Shares (people) one collection may have; links alive at once. */
export const SHARE_LIMITS = { people: 50, links: 20 } as const;

/** May this viewer make secret links for people without an account (spec §6 SHARE_EXTERNAL)? */
export const canShareExternally = (ctx: Pick<ServiceContext, "viewer">) => can(ctx.viewer, "SHARE_EXTERNAL");

const actor = (ctx: ServiceContext, address = "") => ({ userId: ctx.viewer.userId, address });

/** The owner's view of a collection's shares and live links (expired ones are left out and purged). */
export async function listShares(ctx: ServiceContext, id: string): Promise<SharesView> {
  await lockCollection(ctx, ctx.database.db, id, "owner");
  await ctx.database.rows(
    sql`delete from collection_links l using collections c where l.collection_id = c.id and c.id = ${id} and ${owned(ctx)} and l.expires_at <= now() returning l.id`,
  );
  const people = await ctx.database.rows<{ email: string; role: ShareRole; created_at: string | Date }>(
    sql`select s.email, s.role, s.created_at from collection_shares s join collections c on c.id = s.collection_id
        where c.id = ${id} and ${owned(ctx)} order by s.created_at, s.email`,
  );
  const links = await ctx.database.rows<{ id: string; created_at: string | Date; expires_at: string | Date }>(
    sql`select l.id, l.created_at, l.expires_at from collection_links l join collections c on c.id = l.collection_id
        where c.id = ${id} and ${owned(ctx)} and l.expires_at > now() order by l.created_at desc, l.id`,
  );
  return {
    people: people.map((p) => ({ email: p.email, role: p.role, createdAt: iso(p.created_at) })),
    links: links.map((l) => ({ id: l.id, createdAt: iso(l.created_at), expiresAt: iso(l.expires_at) })),
    canLink: canShareExternally(ctx),
  };
}

/**
 * Shares the collection with the account of `email` as reader or editor (or changes the role of an existing
 * share). The owner's own address is refused; nothing else about the address is checked or told.
 */
export async function shareWithPerson(
  ctx: ServiceContext,
  id: string,
  input: { email: string; role: ShareRole },
  address?: string,
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  await ctx.database.db.transaction(async (tx) => {
    await lockCollection(ctx, tx, id, "owner");
    const [self] = (
      (await tx.execute(
        sql`select 1 as n from users u where u.id = ${ctx.viewer.userId}::uuid and lower(u.email) = ${email}`,
      )) as unknown as { rows: unknown[] }
    ).rows;
    if (self) throw new WorkspaceError("invalid", "workspace.share.error.self");
    const [{ n }] = (
      (await tx.execute(
        sql`select count(*)::int as n from collection_shares where collection_id = ${id} and email <> ${email}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows as [{ n: number }];
    if (Number(n) >= SHARE_LIMITS.people) throw new WorkspaceError("limit", "workspace.share.error.limit", { max: SHARE_LIMITS.people });
    // The account the address names now, if any (else the share waits for one: migration 0025's trigger).
    await tx.execute(sql`insert into collection_shares (collection_id, email, role, user_id)
      values (${id}, ${email}, ${input.role}, (select u.id from users u where lower(u.email) = ${email}))
      on conflict (collection_id, email) do update set role = excluded.role, user_id = coalesce(collection_shares.user_id, excluded.user_id)`);
  });
  await audit(ctx, {
    event: "collection_shared",
    actor: actor(ctx, address),
    email,
    detail: { collection: id, role: input.role },
  });
}

/** Ends a share at once: the next request of that person no longer sees the collection. */
export async function unshareWithPerson(ctx: ServiceContext, id: string, email: string, address?: string): Promise<void> {
  const e = email.trim().toLowerCase();
  const gone = await ctx.database.db.transaction(async (tx) => {
    await lockCollection(ctx, tx, id, "owner");
    return (
      (await tx.execute(
        sql`delete from collection_shares s using collections c where s.collection_id = c.id and c.id = ${id} and ${owned(ctx)} and s.email = ${e} returning s.email`,
      )) as unknown as { rows: unknown[] }
    ).rows;
  });
  if (!gone.length) throw new Refusal(404, "workspace.share.error.gone");
  await audit(ctx, { event: "collection_unshared", actor: actor(ctx, address), email: e, detail: { collection: id } });
}

/**
 * A secret read-only link valid for `days` (SHARE_EXTERNAL only). Returns the token, shown to the owner this
 * once: only its SHA-256 is stored.
 */
export async function createShareLink(
  ctx: ServiceContext,
  id: string,
  days: LinkDays,
  address?: string,
): Promise<{ token: string; link: LinkView }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const linkId = newId();
  const row = await ctx.database.db.transaction(async (tx) => {
    await lockCollection(ctx, tx, id, "owner");
    // (after the ownership check: someone else's id stays a 404 whatever their role)
    if (!canShareExternally(ctx)) throw new Refusal(403, "workspace.share.error.external");
    const [{ n }] = (
      (await tx.execute(
        sql`select count(*)::int as n from collection_links where collection_id = ${id} and expires_at > now()`,
      )) as unknown as { rows: { n: number }[] }
    ).rows as [{ n: number }];
    if (Number(n) >= SHARE_LIMITS.links) throw new WorkspaceError("limit", "workspace.share.error.linkLimit", { max: SHARE_LIMITS.links });
    const [r] = (
      (await tx.execute(
        sql`insert into collection_links (id, collection_id, token_hash, expires_at) values (${linkId}, ${id}, ${sha256(token)}, now() + make_interval(days => ${days}::int))
          returning created_at, expires_at`,
      )) as unknown as { rows: { created_at: string | Date; expires_at: string | Date }[] }
    ).rows;
    return r!;
  });
  await audit(ctx, {
    event: "collection_link_created",
    actor: actor(ctx, address),
    detail: { collection: id, link: linkId, days },
  });
  return { token, link: { id: linkId, createdAt: iso(row.created_at), expiresAt: iso(row.expires_at) } };
}

/** Revokes a link at once: it answers 404 from the next request. */
export async function revokeShareLink(ctx: ServiceContext, id: string, linkId: string, address?: string): Promise<void> {
  const gone = await ctx.database.db.transaction(async (tx) => {
    await lockCollection(ctx, tx, id, "owner");
    return (
      (await tx.execute(
        sql`delete from collection_links l using collections c where l.collection_id = c.id and c.id = ${id} and ${owned(ctx)} and l.id = ${linkId} returning l.id`,
      )) as unknown as { rows: unknown[] }
    ).rows;
  });
  if (!gone.length) throw new Refusal(404, "workspace.share.error.gone");
  await audit(ctx, { event: "collection_link_revoked", actor: actor(ctx, address), detail: { collection: id, link: linkId } });
}

/** A secret link's full address (PUBLIC_URL when the site is behind a proxy, else the request's origin). */
export const sharedLinkUrl = (url: URL, locale: Locale, token: string) =>
  `${process.env.PUBLIC_URL?.replace(/\/$/, "") || url.origin}${localizePath(`/shared/${token}`, locale)}`;
