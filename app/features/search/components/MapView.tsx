import { useEffect, useRef, useState } from "react";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";

export type MapPoint = { id: string; table: string; link: string; label: string; type: string | null; date: string; thumbnail: string | null; lat: number; lng: number };

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/**
 * Results on a map (Leaflet, loaded only for this view) with clustered
 * markers and a card in each popup. When the tile server cannot be reached
 * the markers stay on a plain background.
 */
export function MapView({ points, tileUrl, tileAttribution }: { points: MapPoint[]; tileUrl: string; tileAttribution: string }) {
  const { t, locale } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let map: import("leaflet").Map | undefined;
    (async () => {
      const L = (await import("leaflet")).default;
      (window as unknown as { L: typeof L }).L = L;
      await import("leaflet.markercluster");
      if (cancelled || !ref.current) return;
      map = L.map(ref.current, { scrollWheelZoom: false, worldCopyJump: true });
      let errors = 0;
      const tiles = L.tileLayer(tileUrl, { attribution: tileAttribution, maxZoom: 18 });
      tiles.on("tileerror", () => {
        errors++;
        if (errors >= 4 && map?.hasLayer(tiles)) {
          map.removeLayer(tiles);
          setTilesFailed(true);
        }
      });
      tiles.addTo(map);
      const cluster = (L as unknown as { markerClusterGroup: (o?: object) => import("leaflet").LayerGroup }).markerClusterGroup({ showCoverageOnHover: false });
      const icon = L.divIcon({ className: "map-marker", iconSize: [18, 18], html: "<span></span>" });
      for (const p of points) {
        const href = localizePath(p.link, locale);
        const html =
          `<a class="map-popup" href="${escapeHtml(href)}">` +
          (p.thumbnail ? `<img src="${escapeHtml(p.thumbnail)}" alt="" width="120" height="90">` : "") +
          `<span class="map-popup__type">${escapeHtml(p.type ?? "")}</span><strong>${escapeHtml(p.label)}</strong><span>${escapeHtml(p.date)}</span></a>`;
        L.marker([p.lat, p.lng], { icon, title: p.label, alt: p.label, keyboard: true }).bindPopup(html).addTo(cluster);
      }
      cluster.addTo(map);
      if (points.length) map.fitBounds(L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number])).pad(0.2), { maxZoom: 12 });
      else map.setView([42.5, 12.5], 5);
    })();
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [points, tileUrl, tileAttribution, locale]);
  return (
    <div className="map-wrap">
      <div ref={ref} className={`map ${tilesFailed ? "map--plain" : ""}`} role="region" aria-label={t("search.map")} data-points={points.length} />
      {tilesFailed && <p className="hint">{t("search.mapOffline")}</p>}
      <p className="hint">{t("search.mapCount", { count: points.length })}</p>
    </div>
  );
}
