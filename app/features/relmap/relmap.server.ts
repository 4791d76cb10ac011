import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { cardQuery, type CardRow, relatedRecords, toCard } from "~/features/records/index.server";
import type { RecordCard } from "~/lib/record-types";
import type { TableName } from "~/lib/tables";
import { radialLayout } from "./layout";
import {
  MAP_MAX_OPEN,
  MAP_PER_GROUP,
  MAP_PER_OPEN,
  type MapEdge,
  type MapGroup,
  type MapNode,
  type NodeKey,
  nodeKey,
  type Positions,
  type RelationMap,
} from "./relmap";

/**
 * A record's relational map (issue 33 §5, decision 110). Every record in it is read through the catalogue's card
 * query, which carries the access predicate (`recordVisible`) in its SQL: a record the viewer may not see is not
 * in the map — not as a node, not as an edge, not counted. The centre the viewer may not see: null (the 404 of a
 * missing record). Only a node of the first ring can be opened, so `open` cannot reach a record by naming it.
 */

type Found = { card: RecordCard; uid: number };

async function findRecord(ctx: ServiceContext, table: TableName, id: string): Promise<Found | null> {
  const [row] = await ctx.database.rows<CardRow>(cardQuery(ctx, sql`r.table_name = ${table} and r.id = ${id}`));
  return row ? { card: toCard(row, ctx.locale), uid: Number(row.uid) } : null;
}

async function uidsOf(ctx: ServiceContext, keys: { table: string; id: string }[]): Promise<Map<NodeKey, number>> {
  if (!keys.length) return new Map();
  const pairs = sql.join(
    keys.map((k) => sql`(${k.table}, ${k.id})`),
    sql`, `,
  );
  const rows = await ctx.database.rows<{ uid: number; table_name: string; id: string }>(
    sql`select r.uid, r.table_name, r.id from records r where (r.table_name, r.id) in (${pairs})`,
  );
  return new Map(rows.map((r) => [nodeKey(r.table_name, r.id), Number(r.uid)]));
}

const toNode = (c: RecordCard, depth: MapNode["depth"]): MapNode => ({
  key: nodeKey(c.table, c.id),
  table: c.table,
  id: c.id,
  label: c.preferred_label,
  link: c.link,
  type: c.type?.name ?? null,
  date: c.dateDisplay,
  thumb: c.url.thumbnail,
  depth,
  x: 0,
  y: 0,
  open: false,
});

/**
 * The map of the record `table`/`id` as the viewer may see it, with the first-ring nodes `open` opened and the
 * positions `saved` (a saved map's arrangement) over the computed layout; null when the record is not visible.
 */
export async function getRelationMap(
  ctx: ServiceContext,
  table: TableName,
  id: string,
  opts: { open?: NodeKey[]; positions?: Positions } = {},
): Promise<RelationMap | null> {
  const centre = await findRecord(ctx, table, id);
  if (!centre) return null;
  const centreKey = nodeKey(table, id);
  const nodes = new Map<NodeKey, MapNode>([[centreKey, toNode(centre.card, 0)]]);
  const edges: MapEdge[] = [];
  const edgeSeen = new Set<string>();
  const addEdge = (from: NodeKey, to: NodeKey, label: string) => {
    const k = `${from}>${to}>${label}`;
    if (from === to || edgeSeen.has(k)) return;
    edgeSeen.add(k);
    edges.push({ from, to, label });
  };
  const toGroups = (from: NodeKey, rel: Awaited<ReturnType<typeof relatedRecords>>, depth: 1 | 2, cap?: number): MapGroup[] => {
    let left = cap ?? Number.POSITIVE_INFINITY;
    const out: MapGroup[] = [];
    for (const g of rel) {
      const keys: NodeKey[] = [];
      for (const item of g.items) {
        if (left <= 0) break;
        const k = nodeKey(item.table, item.id);
        // an opened node's relation back to the centre is the centre's own, drawn already
        if (k === centreKey) continue;
        if (!nodes.has(k)) nodes.set(k, toNode(item, depth));
        addEdge(from, k, g.label);
        keys.push(k);
        left--;
      }
      if (keys.length) out.push({ key: g.key, label: g.label, total: g.total, nodes: keys });
      else if (cap !== undefined) out.push({ key: g.key, label: g.label, total: g.total, nodes: [] });
    }
    return out;
  };
  const groups = toGroups(centreKey, await relatedRecords(ctx, centre.uid, table, id, { perGroup: MAP_PER_GROUP }), 1);
  // only first-ring nodes open (one step further), in the order asked, at most MAP_MAX_OPEN
  const ring = new Set([...nodes.values()].filter((n) => n.depth === 1).map((n) => n.key));
  const open = (opts.open ?? []).filter((k) => ring.has(k)).slice(0, MAP_MAX_OPEN);
  const uids = await uidsOf(
    ctx,
    open.map((k) => nodes.get(k)!),
  );
  const expansions: RelationMap["expansions"] = [];
  const children: { key: NodeKey; nodes: NodeKey[] }[] = [];
  for (const k of open) {
    const n = nodes.get(k)!;
    const uid = uids.get(k);
    if (uid === undefined) continue;
    n.open = true;
    const before = new Set(nodes.keys());
    const rel = await relatedRecords(ctx, uid, n.table, n.id, { perGroup: MAP_PER_OPEN });
    const gs = toGroups(k, rel, 2, MAP_PER_OPEN);
    expansions.push({ key: k, groups: gs.filter((g) => g.nodes.length) });
    children.push({ key: k, nodes: gs.flatMap((g) => g.nodes).filter((x) => !before.has(x)) });
  }
  const layout = radialLayout(centreKey, groups, children, opts.positions);
  for (const node of nodes.values()) {
    const p = layout.positions.get(node.key);
    if (p) {
      node.x = p.x;
      node.y = p.y;
    }
  }
  const all = [...nodes.values()];
  const labels = layout.labels.map((l) => ({ key: l.key, label: l.label, x: l.at.x, y: l.at.y }));
  return { centre: all[0]!, nodes: all, edges, groups, expansions, open, labels };
}

export { radialLayout };
