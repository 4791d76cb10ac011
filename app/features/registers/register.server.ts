import { sql, type SQL } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { notFoundForViewer, publicRecord, Refusal, requireCapability } from "~/.server/access";
import { audit } from "~/features/accounts/index.server";
import { getSiteOptions } from "~/features/site/index.server";
import {
  REGISTER_PAGE_SIZE,
  type RegisterAction,
  type RegisterEntry,
  type RegisterLink,
  type RegisterPage,
  type RegisterQuery,
} from "./register";

/**
 * The collection register (`/registro`; spec §2, §6; issue 32 §4, decision 099): every collection and story its
 * owner made visible outside their account — published, shared with named users, or reachable by a live secret
 * link — with its owner, size and dates, for managers (MANAGE_USERS) while the site's `registro` option is on.
 * A collection that is neither published nor shared is never read: the one statement's WHERE leaves it out.
 * Managers may unpublish and revoke links; each action is in the audit log.
 */

/** MANAGE_USERS and the `registro` option, or the 404 anyone else gets (spec §6: the menu entry's conditions). */
export async function requireRegister(ctx: ServiceContext): Promise<string> {
  const userId = requireCapability(ctx, "MANAGE_USERS");
  if (!(await getSiteOptions(ctx, "it")).registro) throw new Refusal(404);
  return userId;
}

/** Whether the register is on for this viewer (the menu entry): the same conditions, as a boolean. */
export async function registerOpen(ctx: ServiceContext): Promise<boolean> {
  return requireRegister(ctx).then(
    () => true,
    () => false,
  );
}

type Row = {
  kind: "collection" | "story";
  id: string;
  title: string;
  owner_id: string;
  email: string;
  first_name: string;
  last_name: string;
  published_slug: string | null;
  published_at: string | Date | null;
  shared_with: number;
  links: { id: string; createdAt: string; expiresAt: string }[] | string;
  items: number;
  restricted_items: number;
  created_at: string | Date;
  updated_at: string | Date;
  total: number;
};

const iso = (v: string | Date) => new Date(v).toISOString();

/** Collections and stories others can reach; every row of both kinds, before the filters. */
function reachable(): SQL {
  const restricted = sql`not ${publicRecord("r")}`;
  return sql`
    select 'collection' as kind, c.id, c.title, c.owner_id,
      case when c.public then c.published_slug end as published_slug, case when c.public then c.published_at end as published_at,
      (select count(*) from collection_shares s where s.collection_id = c.id)::int as shared_with,
      coalesce((select jsonb_agg(jsonb_build_object('id', l.id, 'createdAt', l.created_at, 'expiresAt', l.expires_at)
                order by l.created_at desc, l.id)
                from collection_links l where l.collection_id = c.id and l.expires_at > now()), '[]'::jsonb) as links,
      (select count(*) from collection_items i where i.collection_id = c.id)::int as items,
      (select count(*) from collection_items i join records r on r.table_name = i.record_table and r.id = i.record_id
        where i.collection_id = c.id and ${restricted})::int as restricted_items,
      c.created_at, c.updated_at
    from collections c
    where c.public or exists (select 1 from collection_shares s where s.collection_id = c.id)
      or exists (select 1 from collection_links l where l.collection_id = c.id and l.expires_at > now())
    union all
    select 'story', s.id, s.title, s.owner_id, s.published_slug, s.published_at, 0, '[]'::jsonb,
      (select count(*) from jsonb_array_elements(case when jsonb_typeof(s.blocks) = 'array' then s.blocks else '[]'::jsonb end) b
        where jsonb_typeof(b->'record') = 'object')::int,
      (select count(*) from jsonb_array_elements(case when jsonb_typeof(s.blocks) = 'array' then s.blocks else '[]'::jsonb end) b
        join records r on r.table_name = b->'record'->>'table' and r.id = b->'record'->>'id' where ${restricted})::int,
      s.created_at, s.updated_at
    from stories s
    where s.public`;
}

function filters(query: RegisterQuery): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.kind !== "all") parts.push(sql`e.kind = ${query.kind}`);
  if (query.state === "published") parts.push(sql`e.published_slug is not null`);
  if (query.state === "shared") parts.push(sql`e.shared_with > 0`);
  if (query.state === "link") parts.push(sql`jsonb_array_length(e.links) > 0`);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(e.title ilike ${like} or u.email ilike ${like} or (u.first_name || ' ' || u.last_name) ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

function toEntry(r: Row): RegisterEntry {
  const links = (typeof r.links === "string" ? JSON.parse(r.links) : r.links) as RegisterLink[];
  return {
    kind: r.kind,
    id: r.id,
    title: r.title,
    owner: { id: r.owner_id, name: [r.first_name, r.last_name].filter(Boolean).join(" ") || r.email, email: r.email },
    publishedSlug: r.published_slug,
    publishedAt: r.published_at ? iso(r.published_at) : null,
    sharedWith: Number(r.shared_with),
    links: links.map((l) => ({ id: l.id, createdAt: iso(l.createdAt), expiresAt: iso(l.expiresAt) })),
    items: Number(r.items),
    restrictedItems: Number(r.restricted_items),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

async function select(ctx: ServiceContext, query: RegisterQuery, page: { limit: number; offset: number }) {
  return ctx.database.rows<Row>(sql`
    with e as (${reachable()})
    select e.*, u.email, u.first_name, u.last_name, count(*) over ()::int as total
    from e join users u on u.id = e.owner_id
    where ${filters(query)}
    order by e.updated_at desc, e.kind, e.id
    limit ${page.limit} offset ${page.offset}`);
}

/** One page of the register, most recently changed first. */
export async function listRegister(ctx: ServiceContext, query: RegisterQuery): Promise<RegisterPage> {
  await requireRegister(ctx);
  const rows = await select(ctx, query, { limit: REGISTER_PAGE_SIZE, offset: (query.page - 1) * REGISTER_PAGE_SIZE });
  const total = rows[0] ? Number(rows[0].total) : 0;
  return {
    entries: rows.map(toEntry),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / REGISTER_PAGE_SIZE)),
  };
}

/** Every row the filters keep (the CSV export), at most 10,000. */
export async function allRegister(ctx: ServiceContext, query: RegisterQuery): Promise<RegisterEntry[]> {
  await requireRegister(ctx);
  return (await select(ctx, query, { limit: 10_000, offset: 0 })).map(toEntry);
}

/**
 * A manager's action on a row: unpublish a collection or a story (its public address answers 404 until its
 * owner publishes it again, under the same address), or revoke a secret link. Something already gone, or not
 * in the register, is not found.
 */
export async function actOnRegister(ctx: ServiceContext, action: RegisterAction, opts: { address?: string } = {}): Promise<void> {
  const userId = await requireRegister(ctx);
  const actor = { userId, address: opts.address ?? "" };
  if (action.intent === "unpublish") {
    const table = action.kind === "story" ? sql`stories` : sql`collections`;
    const [row] = await ctx.database.rows<{ id: string; owner_id: string; title: string }>(
      sql`update ${table} set public = false, version = version + 1, updated_at = now()
          where id = ${action.id} and public returning id, owner_id, title`,
    );
    if (!row) throw notFoundForViewer();
    await audit(ctx, {
      event: "register_unpublished",
      actor,
      subjectId: row.owner_id,
      detail: { kind: action.kind, id: row.id, title: row.title },
    });
    return;
  }
  const [link] = await ctx.database.rows<{ id: string; collection_id: string; owner_id: string }>(
    sql`delete from collection_links l using collections c where l.id = ${action.link} and c.id = l.collection_id
        returning l.id, l.collection_id, c.owner_id`,
  );
  if (!link) throw notFoundForViewer();
  await audit(ctx, {
    event: "register_link_revoked",
    actor,
    subjectId: link.owner_id,
    detail: { collection: link.collection_id, link: link.id },
  });
}
