import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import leafletCss from "leaflet/dist/leaflet.css?url";
import clusterCss from "leaflet.markercluster/dist/MarkerCluster.css?url";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";
import type { BBox } from "~/lib/geo";

export type MapPoint = {
  id: string;
  table: string;
  link: string;
  label: string;
  type: string | null;
  date: string;
  thumbnail: string | null;
  lat: number;
  lng: number;
};

type Props = {
  points: MapPoint[];
  /** Tile template ({z}/{x}/{y}); empty: no tile server, the bundled basemap only. */
  tileUrl: string;
  tileAttribution: string;
  /** The area the search is limited to, if any: the map opens on it. */
  bbox: BBox | null;
  /** Runs the search in another area (the page puts it in the address); without it the map offers none. */
  onSearchArea?: (b: BBox) => void;
  /** The address of the same search without an area. */
  clearAreaHref: string | null;
  /** The map region's name (default: the search results'). */
  label?: string;
};

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The map's view as a search area: within −180…180 and −90…90 (the map may show copies of the world). */
export function viewArea(b: { west: number; south: number; east: number; north: number }): BBox {
  let { west, east } = b;
  if (east - west >= 360) return { west: -180, east: 180, south: Math.max(-90, b.south), north: Math.min(90, b.north) };
  const shift = Math.floor((west + 180) / 360) * 360;
  west -= shift;
  east -= shift;
  return { west: Math.max(-180, west), east: Math.min(180, east), south: Math.max(-90, b.south), north: Math.min(90, b.north) };
}

/**
 * Results on a map: Leaflet and its clusters, loaded only by this view, over the configured tiles or, when no
 * tile server is configured or none answers, the bundled basemap (Natural Earth outlines from world-atlas,
 * fetched as a static asset). Markers and clusters are buttons with names (Enter opens a popup or zooms in);
 * after the visitor moves the map, "Search this area" puts the view into the search (`bbox`).
 */
export function MapView({ points, tileUrl, tileAttribution, bbox, onSearchArea, clearAreaHref, label }: Props) {
  const { t, locale } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  const mapRef = useRef<import("leaflet").Map | null>(null);
  const [basemap, setBasemap] = useState<"tiles" | "offline" | null>(null);
  const [moved, setMoved] = useState(false);
  const labels = {
    cluster: (n: number) => t("map.cluster", { count: n }),
    zoomIn: t("map.zoomIn"),
    zoomOut: t("map.zoomOut"),
    close: t("map.close"),
  };
  const labelsKey = JSON.stringify([locale, labels.close]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is rebuilt only when what it shows changes: the labels by labelsKey, the box by its four numbers; new objects with the same values must not rebuild it
  useEffect(() => {
    let cancelled = false;
    let map: import("leaflet").Map | undefined;
    setMoved(false);
    (async () => {
      const L = (await import("leaflet")).default;
      (window as unknown as { L: typeof L }).L = L;
      await import("leaflet.markercluster");
      if (cancelled || !ref.current) return;
      map = L.map(ref.current, { scrollWheelZoom: false, worldCopyJump: true, zoomControl: false, minZoom: 2 });
      mapRef.current = map;
      L.control.zoom({ zoomInTitle: labels.zoomIn, zoomOutTitle: labels.zoomOut }).addTo(map);
      map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');

      let offlineShown = false;
      const showOffline = async () => {
        if (offlineShown || cancelled || !map) return;
        offlineShown = true;
        setBasemap("offline");
        const { addBasemap } = await import("./map-basemap");
        if (!cancelled && map) addBasemap(L, map);
      };
      if (tileUrl) {
        // A tile server that refuses or cannot be reached (an intranet, a kiosk) leaves the bundled outlines.
        let loaded = 0;
        const tiles = L.tileLayer(tileUrl, { attribution: tileAttribution, maxZoom: 18 });
        tiles.on("tileload", () => {
          loaded++;
          if (!offlineShown) setBasemap("tiles");
        });
        tiles.on("tileerror", () => {
          if (loaded === 0 && map?.hasLayer(tiles)) {
            map.removeLayer(tiles);
            void showOffline();
          }
        });
        tiles.addTo(map);
      } else void showOffline();

      const cluster = L.markerClusterGroup({
        showCoverageOnHover: false,
        maxClusterRadius: 50,
        iconCreateFunction: (c) => {
          const n = c.getChildCount();
          const size = n < 10 ? "s" : n < 100 ? "m" : "l";
          const px = size === "s" ? 36 : size === "m" ? 44 : 52;
          return L.divIcon({
            className: `map-cluster map-cluster--${size}`,
            iconSize: [px, px],
            html: `<span aria-hidden="true">${n.toLocaleString(locale)}</span><span class="visually-hidden">${escapeHtml(labels.cluster(n))}</span>`,
          });
        },
      });
      // Enter on a focused cluster zooms to it (markercluster listens to clusterkeypress).
      for (const p of points) {
        const href = localizePath(p.link, locale);
        const html =
          `<div class="map-popup">` +
          (p.thumbnail ? `<img src="${escapeHtml(p.thumbnail)}" alt="" width="160" height="120" loading="lazy">` : "") +
          (p.type ? `<span class="map-popup__type">${escapeHtml(p.type)}</span>` : "") +
          `<a class="map-popup__title" href="${escapeHtml(href)}">${escapeHtml(p.label)}</a>` +
          (p.date ? `<span class="map-popup__date">${escapeHtml(p.date)}</span>` : "") +
          `</div>`;
        const icon = L.divIcon({
          className: "map-marker",
          iconSize: [22, 22],
          html: `<span class="visually-hidden">${escapeHtml(`${p.label}${p.date ? `, ${p.date}` : ""}`)}</span>`,
        });
        L.marker([p.lat, p.lng], { icon, keyboard: true, riseOnHover: true })
          .bindPopup(html, { closeButton: true, maxWidth: 220, minWidth: 160, autoPanPadding: [24, 24] })
          .addTo(cluster);
      }
      cluster.addTo(map);

      map.on("popupopen", (e) => {
        const el = e.popup.getElement();
        const close = el?.querySelector<HTMLAnchorElement>(".leaflet-popup-close-button");
        close?.setAttribute("aria-label", labels.close);
        close?.setAttribute("title", labels.close);
        // Escape closes the popup wherever the focus is inside it (Leaflet only listens on the map itself).
        el?.addEventListener("keydown", (ev) => {
          if (ev.key === "Escape") {
            ev.stopPropagation();
            map?.closePopup();
          }
        });
        // Opened from the keyboard: focus goes into the popup, and back to the marker when it closes.
        const opener =
          document.activeElement instanceof HTMLElement && document.activeElement.classList.contains("map-marker")
            ? document.activeElement
            : null;
        if (opener) {
          el?.querySelector<HTMLElement>(".map-popup__title")?.focus();
          e.popup.once("remove", () => {
            if (!document.activeElement || document.activeElement === document.body || el?.contains(document.activeElement)) opener.focus();
          });
        }
      });

      const view = () => {
        if (bbox) map!.fitBounds(L.latLngBounds([bbox.south, bbox.west], [bbox.north, bbox.east]));
        else if (points.length)
          map!.fitBounds(L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number])).pad(0.2), { maxZoom: 12 });
        else map!.setView([42.5, 12.5], 5);
      };
      view();
      // Only moves the visitor makes offer "Search this area" (the first view is the search's own).
      map.on("movestart", () => setMoved(true));
    })();
    return () => {
      cancelled = true;
      if (map) {
        // Leaflet 1.9 ends a zoom animation from a 250 ms timer that outlives remove() and then reads the removed
        // panes ("_leaflet_pos" of undefined): a visitor who searches the area mid-zoom hit it. The animation is
        // over once the map is gone.
        (map as unknown as { _animatingZoom?: boolean })._animatingZoom = false;
        map.remove();
      }
      mapRef.current = null;
    };
  }, [points, tileUrl, tileAttribution, labelsKey, bbox?.west, bbox?.south, bbox?.east, bbox?.north]);

  const searchArea = () => {
    const m = mapRef.current;
    if (!m || !onSearchArea) return;
    const b = m.getBounds();
    onSearchArea(viewArea({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }));
  };

  return (
    <div className="map-wrap">
      <link rel="stylesheet" href={leafletCss} precedence="default" />
      <link rel="stylesheet" href={clusterCss} precedence="default" />
      {/* Leaflet owns the map element's classes: React sets only attributes it alone writes. */}
      <div className={`map-frame ${basemap === "offline" ? "map-frame--offline" : ""}`}>
        {/* biome-ignore lint/a11y/useSemanticElements: a box Leaflet draws into, not a section of the document; role=region with a label makes it a landmark */}
        <div
          ref={ref}
          className="map"
          role="region"
          aria-label={label ?? t("search.map")}
          data-points={points.length}
          data-basemap={basemap ?? ""}
        />
        {moved && onSearchArea && (
          <button type="button" className="button map-search-area" onClick={searchArea}>
            {t("map.searchArea")}
          </button>
        )}
      </div>
      <p className="hint map-hint">
        {t("search.mapCount", { count: points.length })}
        {bbox && clearAreaHref && (
          <>
            {" · "}
            <Link to={clearAreaHref}>{t("map.clearArea")}</Link>
          </>
        )}
      </p>
      {basemap === "offline" && tileUrl && <p className="hint">{t("map.offline")}</p>}
    </div>
  );
}
