import type * as geojson from "geojson";
import type * as Leaflet from "leaflet";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import countries110 from "world-atlas/countries-110m.json?url";
import countries50 from "world-atlas/countries-50m.json?url";

type Countries = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

const cache = new Map<string, Promise<{ land: geojson.GeoJsonObject; borders: geojson.GeoJsonObject }>>();

/** Land and the borders between countries of one world-atlas file (fetched once per page). */
function outlines(url: string) {
  let p = cache.get(url);
  if (!p) {
    p = fetch(url)
      .then((r) => {
        if (!r.ok) throw new Error(`basemap ${r.status}`);
        return r.json() as Promise<Countries>;
      })
      .then((topo) => ({
        land: feature(topo, topo.objects.land) as geojson.GeoJsonObject,
        borders: mesh(topo, topo.objects.countries, (a, b) => a !== b) as geojson.GeoJsonObject,
      }));
    cache.set(url, p);
  }
  return p;
}

/**
 * The bundled basemap: Natural Earth land and country borders (world-atlas, 1:110m for the world, 1:50m from
 * zoom 5) as vector layers, coloured by the site's palette in CSS (.map-land, .map-border).
 */
export async function addBasemap(L: typeof Leaflet, map: Leaflet.Map) {
  const pane = map.createPane("basemap");
  pane.style.zIndex = "150";
  let current: Leaflet.Layer | null = null;
  let shown = "";
  const draw = async () => {
    const url = map.getZoom() >= 5 ? countries50 : countries110;
    if (url === shown) return;
    shown = url;
    const o = await outlines(url);
    // The map may be gone meanwhile (remove() empties its panes): a new search draws a new map in the same
    // element, so the element being in the page says nothing.
    if (shown !== url || map.getPane("basemap") !== pane) return;
    const group = L.layerGroup([
      L.geoJSON(o.land, { pane: "basemap", interactive: false, style: { className: "map-land", weight: 1 } }),
      L.geoJSON(o.borders, { pane: "basemap", interactive: false, style: { className: "map-border", weight: 1, fill: false } }),
    ]);
    group.addTo(map);
    if (current) map.removeLayer(current);
    current = group;
    map.getContainer().dataset.basemapDrawn = url === countries50 ? "50m" : "110m";
  };
  map.attributionControl.addAttribution('Outlines © <a href="https://www.naturalearthdata.com">Natural Earth</a>');
  map.on("zoomend", () => void draw());
  await draw();
}
