/**
 * The demo's users' collections and stories (issue 32 §4 and §6): the collection register (`/registro`) and the
 * public pages (`/public/collections`, `/public/stories`) show something on a fresh start. The researchers of the
 * demo's reproduction requests (requests.server.ts; accounts without a password) own, between them:
 *  - a published collection of the silk mill's photographs and drawings, with a published story in it;
 *  - a collection shared with two named people (a reader and an editor), holding one restricted record, which
 *    the register counts;
 *  - a collection reachable by a secret link for 30 days (only the link's hash is kept; the token is thrown away);
 *  - a private collection, which the register never lists.
 * Only catalogue records are pinned: public objects, those with a public image first, the restricted one the first object
 * that is not public. Idempotent as the rest of the demo site: the researchers' collections (and their stories) are written anew.
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { ownedBy, publicRecord } from "~/.server/access";
import { DEMO_RESEARCHERS, demoResearcherIds } from "./requests.server";

const DAY = 86_400_000;

type Seed = {
  id: string;
  owner: 0 | 1 | 2;
  title: string;
  /** Public records pinned, from the list of public objects with an image, by position. */
  items: number[];
  /** Pins the demo's restricted object too. */
  restricted?: boolean;
  published?: { slug: string; daysAgo: number };
  shares?: { with: 0 | 1 | 2; role: "reader" | "editor" }[];
  linkDays?: number;
  daysAgo: number;
};

const SEEDS: Seed[] = [
  {
    id: "demoFilanda1",
    owner: 0,
    title: "La filanda di Como: fotografie e disegni",
    items: [0, 1, 2, 3, 4, 5, 6, 7],
    published: { slug: "la-filanda-di-como-fotografie-e-disegni-demo", daysAgo: 9 },
    daysAgo: 21,
  },
  {
    id: "demoAffiche1",
    owner: 1,
    title: "Affiches et réclames Valdameri",
    items: [8, 9, 10, 11],
    restricted: true,
    shares: [
      { with: 0, role: "reader" },
      { with: 2, role: "editor" },
    ],
    daysAgo: 14,
  },
  { id: "demoReading1", owner: 2, title: "Reading list: the Sesto steelworks", items: [12, 13, 14], linkDays: 30, daysAgo: 5 },
  { id: "demoPrivate1", owner: 0, title: "Da rivedere", items: [15, 16], daysAgo: 2 },
];

/** The demo's published story; the home page shows it (decision 116). */
export const STORY = {
  id: "demoStoria01",
  collection: "demoFilanda1",
  slug: "dal-bozzolo-al-filato-demo",
  title: "Dal bozzolo al filato",
  daysAgo: 7,
};

export async function seedDemoCollections(ctx: Pick<ServiceContext, "database">): Promise<void> {
  const { database } = ctx;
  const objects = await database.rows<{ id: string }>(sql`
    select r.id from records r
    where r.table_name = 'ca_objects' and ${publicRecord("r")}
    order by exists (select 1 from media m where m.record_uid = r.uid and m.media_type = 'image' and not m.restricted and not m.pending) desc,
      r.uid
    limit 17`);
  if (objects.length < 17) return;
  const [restricted] = await database.rows<{ id: string }>(sql`
    select r.id from records r where r.table_name = 'ca_objects' and not ${publicRecord("r")} order by r.uid limit 1`);
  const owners = await demoResearcherIds(ctx);
  for (const owner of owners) await database.rows(sql`delete from collections c where ${ownedBy(owner, "c")}`);
  const now = Date.now();
  const at = (days: number) => new Date(now - days * DAY).toISOString();
  for (const s of SEEDS) {
    await database.rows(sql`insert into collections (id, owner_id, title, public, published_slug, published_at, created_at, updated_at)
      values (${s.id}, ${owners[s.owner]!}::uuid, ${s.title}, ${Boolean(s.published)}, ${s.published?.slug ?? null},
        ${s.published ? at(s.published.daysAgo) : null}::timestamptz, ${at(s.daysAgo)}::timestamptz,
        ${at(s.published?.daysAgo ?? s.daysAgo)}::timestamptz)`);
    const refs = s.items.map((i) => objects[i]!.id);
    if (s.restricted && restricted) refs.push(restricted.id);
    for (const [position, id] of refs.entries())
      await database.rows(sql`insert into collection_items (collection_id, record_table, record_id, position, added_at)
        values (${s.id}, 'ca_objects', ${id}, ${position}, ${at(s.daysAgo)}::timestamptz)`);
    for (const share of s.shares ?? [])
      await database.rows(sql`insert into collection_shares (collection_id, email, role, created_at)
        values (${s.id}, ${DEMO_RESEARCHERS[share.with].email}, ${share.role}, ${at(s.daysAgo - 1)}::timestamptz)`);
    if (s.linkDays) {
      const hash = crypto.createHash("sha256").update(crypto.randomBytes(32)).digest("hex");
      await database.rows(sql`insert into collection_links (id, collection_id, token_hash, expires_at, created_at)
        values (${`${s.id.slice(0, 10)}L1`}, ${s.id}, ${hash}, ${new Date(now + s.linkDays * DAY).toISOString()}::timestamptz,
          ${at(0)}::timestamptz)`);
    }
  }
  const [first, second, third] = objects.map((o) => ({ table: "ca_objects", id: o.id }));
  const blocks = [
    { id: "b1", type: "heading", text: "Un secolo di seta a Como" },
    {
      id: "b2",
      type: "text",
      html: "<p>La filanda aperta nel 1782 lavorava i bozzoli comprati nelle campagne intorno al lago. Le fotografie dello stabilimento e i disegni tecnici conservati dalla Fondazione ne raccontano il lavoro, dalla trattura al filato.</p>",
    },
    { id: "b3", type: "image", record: first, caption: "Il reparto di trattura", credit: "Archivio storico Fondazione Valdameri", alt: "" },
    { id: "b4", type: "record", record: second },
    {
      id: "b5",
      type: "quote",
      text: "Le filatrici cominciavano alle cinque del mattino, e la sirena si sentiva fino al porto.",
      cite: "Testimonianza raccolta nel 1956",
    },
    { id: "b6", type: "record", record: third },
    { id: "b7", type: "map" },
  ];
  await database.rows(sql`insert into stories (id, collection_id, owner_id, title, blocks, public, published_slug, published_at, created_at, updated_at)
    values (${STORY.id}, ${STORY.collection}, ${owners[0]!}::uuid, ${STORY.title}, ${JSON.stringify(blocks)}::jsonb, true, ${STORY.slug},
      ${at(STORY.daysAgo)}::timestamptz, ${at(STORY.daysAgo + 1)}::timestamptz, ${at(STORY.daysAgo)}::timestamptz)`);
}
