import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { localizePath } from "~/lib/locale";
import { MAP_AREA, type MapGroup, type MapNode, type NodeKey, type Point, type RelationMap } from "../shapes";

/**
 * The relational map (decision 110): an SVG drawing of the server's layout and the same data as a grouped list.
 * Without JavaScript both are there and every node is a link; opening a node is a link too (`?open=`). With it, a
 * node can be dragged (mouse, touch, pen) and a focused node moved with the arrow keys (Shift: further); each move
 * is announced, and `onMove` hears the positions (a saved map's form keeps them).
 */

const STEP = 10;
const BIG_STEP = 40;
const MAX_LABEL = 26;

const short = (s: string) => (s.length > MAX_LABEL ? `${s.slice(0, MAX_LABEL - 1)}…` : s);
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const radius = (n: MapNode) => (n.depth === 0 ? 34 : n.depth === 1 ? 24 : 18);

export type Positions = Record<NodeKey, Point>;

/** The address of this map with `open` toggled for `key` (the rest of the query kept). */
function openHref(search: string, open: NodeKey[], key: NodeKey): string {
  const q = new URLSearchParams(search);
  const next = open.includes(key) ? open.filter((k) => k !== key) : [...open, key];
  if (next.length) q.set("open", next.join(","));
  else q.delete("open");
  const s = q.toString();
  return s ? `?${s}` : "?";
}

export function RelationMapView({
  map,
  search,
  arrange,
  onMove,
}: {
  map: RelationMap;
  /** The page's query (kept in the open/close links). */
  search: string;
  /** Whether nodes may be moved (the JavaScript behaviour); the drawing is the same without. */
  arrange: boolean;
  onMove?: (positions: Positions) => void;
}) {
  const { t, locale } = useI18n();
  const titleId = useId();
  const helpId = useId();
  const svg = useRef<SVGSVGElement>(null);
  const [pos, setPos] = useState<Positions>(() => Object.fromEntries(map.nodes.map((n) => [n.key, { x: n.x, y: n.y }])));
  const [said, setSaid] = useState("");
  const drag = useRef<{ key: NodeKey; id: number; moved: boolean; dx: number; dy: number } | null>(null);
  const suppressClick = useRef(false);
  const canvas = useRef<HTMLDivElement>(null);
  // a new map (another record, other nodes opened, a saved arrangement loaded): its positions; on a narrow screen
  // the box that scrolls sideways shows the centre
  useEffect(() => {
    setPos(Object.fromEntries(map.nodes.map((n) => [n.key, { x: n.x, y: n.y }])));
    const box = canvas.current;
    if (box && box.scrollWidth > box.clientWidth) box.scrollLeft = (box.scrollWidth - box.clientWidth) * (map.centre.x / MAP_AREA.width);
  }, [map]);

  const move = (key: NodeKey, p: Point) => {
    setPos((old) => {
      const next = { ...old, [key]: { x: clamp(Math.round(p.x), 0, MAP_AREA.width), y: clamp(Math.round(p.y), 0, MAP_AREA.height) } };
      onMove?.(next);
      return next;
    });
  };

  const toSvg = (e: { clientX: number; clientY: number }): Point | null => {
    const el = svg.current;
    const m = el?.getScreenCTM();
    if (!el || !m) return null;
    const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return { x: pt.x, y: pt.y };
  };

  const byKey = new Map(map.nodes.map((n) => [n.key, n]));
  const at = (k: NodeKey) => pos[k] ?? { x: byKey.get(k)?.x ?? 0, y: byKey.get(k)?.y ?? 0 };
  const tableName = (n: MapNode) => t(`table.${n.table}` as MessageKey);
  const nodeLabel = (n: MapNode) =>
    [n.label, n.type ?? tableName(n), n.date, n.depth === 0 ? t("relmap.centre") : null].filter(Boolean).join(", ");
  const tables = [...new Set(map.nodes.map((n) => n.table))];

  return (
    <div className="relmap">
      <section className="relmap__drawing" aria-labelledby={titleId}>
        <h2 id={titleId} className="relmap__heading">
          {t("relmap.drawing")}
        </h2>
        {arrange ? (
          <p id={helpId} className="relmap__help">
            {t("relmap.help")}
          </p>
        ) : null}
        <div className="relmap__canvas" ref={canvas}>
          <svg ref={svg} viewBox={`0 0 ${MAP_AREA.width} ${MAP_AREA.height}`} className="relmap__svg">
            <title>{t("relmap.title", { title: map.centre.label })}</title>
            {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG group of lines, not focusable: the edges are said by the list */}
            <g className="relmap__edges" aria-hidden="true">
              {map.edges.map((e) => {
                const a = at(e.from);
                const b = at(e.to);
                return <line key={`${e.from}>${e.to}>${e.label}`} x1={a.x} y1={a.y} x2={b.x} y2={b.y} />;
              })}
            </g>
            {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG group of text, not focusable: the groups are the list's headings */}
            <g className="relmap__group-labels" aria-hidden="true">
              {map.labels.map((l) => (
                <text key={l.key} x={l.x} y={l.y} textAnchor="middle">
                  {short(l.label)}
                </text>
              ))}
            </g>
            <g className="relmap__nodes">
              {map.nodes.map((n) => {
                const p = at(n.key);
                const r = radius(n);
                return (
                  <g
                    key={n.key}
                    transform={`translate(${p.x} ${p.y})`}
                    className={`relmap__node relmap__node--${n.table} relmap__node--d${n.depth}`}
                  >
                    <a
                      href={localizePath(n.link, locale)}
                      aria-label={nodeLabel(n)}
                      data-key={n.key}
                      onPointerDown={
                        arrange
                          ? (e) => {
                              if (e.button !== 0) return;
                              const q = toSvg(e);
                              if (!q) return;
                              drag.current = { key: n.key, id: e.pointerId, moved: false, dx: q.x - p.x, dy: q.y - p.y };
                              (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
                            }
                          : undefined
                      }
                      onPointerMove={
                        arrange
                          ? (e) => {
                              const d = drag.current;
                              if (!d || d.id !== e.pointerId || d.key !== n.key) return;
                              const q = toSvg(e);
                              if (!q) return;
                              const target = { x: q.x - d.dx, y: q.y - d.dy };
                              if (!d.moved && Math.hypot(target.x - p.x, target.y - p.y) < 4) return;
                              d.moved = true;
                              e.preventDefault();
                              move(n.key, target);
                            }
                          : undefined
                      }
                      onPointerUp={
                        arrange
                          ? (e) => {
                              const d = drag.current;
                              if (!d || d.id !== e.pointerId) return;
                              drag.current = null;
                              if (d.moved) {
                                suppressClick.current = true;
                                setSaid(t("relmap.moved", { title: n.label }));
                              }
                            }
                          : undefined
                      }
                      onPointerCancel={() => {
                        drag.current = null;
                      }}
                      onClick={(e) => {
                        // the end of a drag is not a click on the link
                        if (suppressClick.current) {
                          suppressClick.current = false;
                          e.preventDefault();
                        }
                      }}
                      onKeyDown={
                        arrange
                          ? (e) => {
                              const step = e.shiftKey ? BIG_STEP : STEP;
                              const delta: Record<string, [number, number]> = {
                                ArrowLeft: [-step, 0],
                                ArrowRight: [step, 0],
                                ArrowUp: [0, -step],
                                ArrowDown: [0, step],
                              };
                              const dd = delta[e.key];
                              if (!dd || e.altKey || e.ctrlKey || e.metaKey) return;
                              e.preventDefault();
                              move(n.key, { x: p.x + dd[0], y: p.y + dd[1] });
                              setSaid(t("relmap.moved", { title: n.label }));
                            }
                          : undefined
                      }
                    >
                      <circle r={r} />
                      <NodeName node={n} r={r} p={p} centre={at(map.centre.key)} />
                    </a>
                    {n.depth === 1 ? (
                      <a
                        href={openHref(search, map.open, n.key)}
                        className="relmap__toggle"
                        aria-label={t(n.open ? "relmap.close" : "relmap.open", { title: n.label })}
                        tabIndex={-1}
                      >
                        <circle cx={r * 0.75} cy={-r * 0.75} r={10} />
                        <text x={r * 0.75} y={-r * 0.75 + 5} textAnchor="middle">
                          {n.open ? "−" : "+"}
                        </text>
                      </a>
                    ) : null}
                  </g>
                );
              })}
            </g>
          </svg>
        </div>
        <ul className="relmap__legend" aria-label={t("relmap.legend")}>
          {tables.map((tb) => (
            <li key={tb}>
              <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" className={`relmap__node--${tb}`}>
                <circle cx="10" cy="10" r="8" />
              </svg>
              {t(`table.${tb}` as MessageKey)}
            </li>
          ))}
        </ul>
        <p className="visually-hidden" aria-live="polite">
          {said}
        </p>
      </section>
      <section className="relmap__list" aria-labelledby={`${titleId}-list`}>
        <h2 id={`${titleId}-list`} className="relmap__heading">
          {t("relmap.list")}
        </h2>
        <MapGroups groups={map.groups} map={map} search={search} byKey={byKey} level={3} />
      </section>
    </div>
  );
}

/** A node's name beside it, on the side away from the centre (below the centre itself). */
function NodeName({ node, r, p, centre }: { node: MapNode; r: number; p: Point; centre: Point }) {
  const dx = p.x - centre.x;
  const dy = p.y - centre.y;
  const len = Math.hypot(dx, dy);
  if (node.depth === 0 || len < 1)
    return (
      <text y={r + 18} textAnchor="middle">
        {short(node.label)}
      </text>
    );
  const ux = dx / len;
  const uy = dy / len;
  const anchor = ux > 0.35 ? "start" : ux < -0.35 ? "end" : "middle";
  const x = ux * (r + 6);
  const y = anchor === "middle" ? (uy > 0 ? r + 18 : -r - 8) : uy * (r + 6) + 5;
  return (
    <text x={Math.round(x)} y={Math.round(y)} textAnchor={anchor}>
      {short(node.label)}
    </text>
  );
}

function MapGroups({
  groups,
  map,
  search,
  byKey,
  level,
}: {
  groups: MapGroup[];
  map: RelationMap;
  search: string;
  byKey: Map<NodeKey, MapNode>;
  level: 3 | 4;
}) {
  const { t, locale } = useI18n();
  const H = level === 3 ? "h3" : "h4";
  return (
    <>
      {groups.map((g) => (
        <div key={g.key} className="relmap__group">
          <H>
            {g.label} <span className="relmap__count">({g.total.toLocaleString(locale)})</span>
          </H>
          <ul>
            {g.nodes.map((k) => {
              const n = byKey.get(k);
              if (!n) return null;
              const exp = map.expansions.find((x) => x.key === k);
              return (
                <li key={k}>
                  <Link to={localizePath(n.link, locale)}>{n.label}</Link>
                  <span className="relmap__meta">
                    {[n.type ?? t(`table.${n.table}` as MessageKey), n.date].filter(Boolean).join(" · ")}
                  </span>
                  {level === 3 && n.depth === 1 ? (
                    <Link
                      to={openHref(search, map.open, k)}
                      className="relmap__open"
                      preventScrollReset
                      aria-label={t(n.open ? "relmap.close" : "relmap.open", { title: n.label })}
                    >
                      {t(n.open ? "relmap.closeShort" : "relmap.openShort")}
                    </Link>
                  ) : null}
                  {level === 3 && exp ? (
                    exp.groups.length ? (
                      <div className="relmap__sub">
                        <MapGroups groups={exp.groups} map={map} search={search} byKey={byKey} level={4} />
                      </div>
                    ) : (
                      <p className="relmap__meta">{t("relmap.noFurther")}</p>
                    )
                  ) : null}
                </li>
              );
            })}
          </ul>
          {g.total > g.nodes.length ? <p className="relmap__meta">{t("relmap.more", { count: g.total - g.nodes.length })}</p> : null}
        </div>
      ))}
    </>
  );
}
