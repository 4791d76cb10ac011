import fs from "node:fs";
import { createRequire } from "node:module";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import type { Footprint } from "./analytics";

/**
 * The footprint's map (decision 108): drawn on the server as SVG — the land of Natural Earth's 1:110m outlines
 * (world-atlas, the search map's basemap) around the places that hold records, each place a dot sized by its
 * records. No script, no tiles: it prints and reads the same everywhere; the table beside it says the same.
 */
export type DotMap = {
  width: number;
  height: number;
  land: string;
  dots: { x: number; y: number; r: number; name: string; count: number }[];
};

type Ring = [number, number][];
let landRings: Ring[] | undefined;

function land(): Ring[] {
  if (!landRings) {
    const file = createRequire(import.meta.url).resolve("world-atlas/land-110m.json");
    const topo = JSON.parse(fs.readFileSync(file, "utf8")) as Topology<{ land: GeometryCollection }>;
    const geo = feature(topo, topo.objects.land) as unknown as { features: { geometry: { type: string; coordinates: unknown } }[] };
    landRings = geo.features.flatMap((f) =>
      f.geometry.type === "Polygon"
        ? (f.geometry.coordinates as Ring[])
        : f.geometry.type === "MultiPolygon"
          ? (f.geometry.coordinates as Ring[][]).flat()
          : [],
    );
  }
  return landRings;
}

const WIDTH = 800;

/** The map of the places that have a position; null when none has. */
export function footprintMap(places: Footprint["places"]): DotMap | null {
  const located = places.filter((p) => p.lat !== null && p.lng !== null) as (Footprint["places"][number] & { lat: number; lng: number })[];
  if (!located.length) return null;
  // The places' extent, widened by a margin and to at least 6° a side, so that a single city still has a region around it.
  let west = Math.min(...located.map((p) => p.lng));
  let east = Math.max(...located.map((p) => p.lng));
  let south = Math.min(...located.map((p) => p.lat));
  let north = Math.max(...located.map((p) => p.lat));
  const padLng = Math.max((east - west) * 0.15, 3 - (east - west) / 2, 1);
  const padLat = Math.max((north - south) * 0.15, 3 - (north - south) / 2, 1);
  west = Math.max(-180, west - padLng);
  east = Math.min(180, east + padLng);
  south = Math.max(-85, south - padLat);
  north = Math.min(85, north + padLat);
  // Equirectangular, longitudes shortened by the cosine of the middle latitude (shapes look right at that latitude).
  const k = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const scale = WIDTH / ((east - west) * k);
  const height = Math.round((north - south) * scale);
  const x = (lng: number) => (lng - west) * k * scale;
  const y = (lat: number) => (north - lat) * scale;
  const paths: string[] = [];
  for (const ring of land()) {
    // only the rings that reach into the frame, cut to it (a few pixels beyond): the page carries what it shows
    if (!ring.some(([lng, lat]) => lng >= west - 5 && lng <= east + 5 && lat >= south - 5 && lat <= north + 5)) continue;
    const cut = clip(
      ring.map(([lng, lat]) => [x(lng), y(lat)] as [number, number]),
      -4,
      -4,
      WIDTH + 4,
      height + 4,
    );
    if (cut.length < 3) continue;
    paths.push(`${cut.map(([px, py], i) => `${i ? "L" : "M"}${px.toFixed(1)} ${py.toFixed(1)}`).join("")}Z`);
  }
  const max = Math.max(...located.map((p) => p.count));
  return {
    width: WIDTH,
    height,
    land: paths.join(""),
    dots: located
      .map((p) => ({
        x: Number(x(p.lng).toFixed(1)),
        y: Number(y(p.lat).toFixed(1)),
        r: Number((4 + 14 * Math.sqrt(p.count / max)).toFixed(1)),
        name: p.name,
        count: p.count,
      }))
      // the largest first, so that the smaller ones are drawn over them
      .sort((a, b) => b.r - a.r),
  };
}

/** A polygon cut to a rectangle (Sutherland–Hodgman: one edge of the rectangle after the other). */
function clip(points: [number, number][], x0: number, y0: number, x1: number, y1: number): [number, number][] {
  const edges: [(p: [number, number]) => boolean, (a: [number, number], b: [number, number]) => [number, number]][] = [
    [(p) => p[0] >= x0, (a, b) => [x0, a[1] + ((b[1] - a[1]) * (x0 - a[0])) / (b[0] - a[0])]],
    [(p) => p[0] <= x1, (a, b) => [x1, a[1] + ((b[1] - a[1]) * (x1 - a[0])) / (b[0] - a[0])]],
    [(p) => p[1] >= y0, (a, b) => [a[0] + ((b[0] - a[0]) * (y0 - a[1])) / (b[1] - a[1]), y0]],
    [(p) => p[1] <= y1, (a, b) => [a[0] + ((b[0] - a[0]) * (y1 - a[1])) / (b[1] - a[1]), y1]],
  ];
  let out = points;
  for (const [inside, cross] of edges) {
    const input = out;
    out = [];
    for (const [i, cur] of input.entries()) {
      const prev = input[(i + input.length - 1) % input.length]!;
      if (inside(cur)) {
        if (!inside(prev)) out.push(cross(prev, cur));
        out.push(cur);
      } else if (inside(prev)) out.push(cross(prev, cur));
    }
    if (!out.length) break;
  }
  return out;
}
