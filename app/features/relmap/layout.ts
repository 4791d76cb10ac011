import { MAP_AREA, type MapGroup, type NodeKey, type Point, type Positions } from "./relmap";

/**
 * The radial layout (decision 110), computed on the server so the drawing is there without JavaScript: the centre
 * in the middle; its relations on a ring, each relation group a contiguous arc (the groups in their order, the arc
 * as wide as its share of the nodes); an opened node's relations on a small fan beyond it, pointing away from the
 * centre. A position the user arranged (a saved map) wins over the computed one. Everything stays in MAP_AREA.
 */

const CX = MAP_AREA.width / 2;
const CY = MAP_AREA.height / 2;
const MARGIN = 40;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number) => Math.round(v * 10) / 10;
const at = (x: number, y: number): Point => ({
  x: round(clamp(x, MARGIN, MAP_AREA.width - MARGIN)),
  y: round(clamp(y, MARGIN, MAP_AREA.height - MARGIN)),
});

/** The first ring's radius: closer with few nodes. */
export const ringRadius = (n: number) => (n <= 4 ? 200 : n <= 12 ? 260 : 310);

export type Layout = { positions: Map<NodeKey, Point>; angles: Map<NodeKey, number>; labels: { key: string; label: string; at: Point }[] };

/**
 * Positions of the centre, of the first ring's nodes (each once, in the groups' order) and of the opened nodes'
 * relations (`children`: by opened node, its new nodes).
 */
export function radialLayout(
  centre: NodeKey,
  groups: MapGroup[],
  children: { key: NodeKey; nodes: NodeKey[] }[],
  saved: Positions = {},
): Layout {
  const positions = new Map<NodeKey, Point>();
  const angles = new Map<NodeKey, number>();
  const labels: Layout["labels"] = [];
  positions.set(centre, at(CX, CY));
  const ring: { key: NodeKey; group: number }[] = [];
  const seen = new Set<NodeKey>([centre]);
  groups.forEach((g, gi) => {
    for (const k of g.nodes) {
      if (seen.has(k)) continue;
      seen.add(k);
      ring.push({ key: k, group: gi });
    }
  });
  const n = ring.length;
  const r = ringRadius(n);
  // the ring's nodes evenly spaced from the top, clockwise; a group's label at the middle of its arc, inside the ring
  const step = n ? (2 * Math.PI) / n : 0;
  // many nodes: every other one further out, so neighbours' names do not run into each other
  const stagger = n > 14 ? 90 : 0;
  ring.forEach((node, i) => {
    const a = -Math.PI / 2 + step * i;
    const ri = r - stagger / 2 + (i % 2) * stagger;
    angles.set(node.key, a);
    positions.set(node.key, at(CX + ri * Math.cos(a), CY + ri * Math.sin(a)));
  });
  groups.forEach((g, gi) => {
    const idx = ring.map((x, i) => (x.group === gi ? i : -1)).filter((i) => i >= 0);
    if (!idx.length) return;
    const a = -Math.PI / 2 + step * ((idx[0]! + idx.at(-1)!) / 2);
    const lr = n === 1 ? r / 2 : (r - stagger / 2) * 0.55;
    labels.push({ key: g.key, label: g.label, at: at(CX + lr * Math.cos(a), CY + lr * Math.sin(a)) });
  });
  for (const c of children) {
    const base = positions.get(c.key);
    const a = angles.get(c.key) ?? 0;
    if (!base) continue;
    const m = c.nodes.length;
    const spread = Math.min(Math.PI * 0.8, m * 0.28);
    c.nodes.forEach((k, i) => {
      if (positions.has(k)) return;
      const t = m === 1 ? 0 : -spread / 2 + (spread * i) / (m - 1);
      const d = 150 + (i % 2) * 40;
      positions.set(k, at(base.x + d * Math.cos(a + t), base.y + d * Math.sin(a + t)));
    });
  }
  for (const [k, p] of Object.entries(saved)) if (positions.has(k)) positions.set(k, at(p.x, p.y));
  return { positions, angles, labels };
}
