import { Link } from "react-router";
import type { Route } from "./+types/footprint";
import { serviceContext } from "~/.server/context";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";
import { searchQueryString } from "~/features/search";
import { accountMeta } from "~/features/accounts";
import { getFootprint, requireAnalyticsPage } from "../analytics.server";
import { footprintMap } from "../map.server";
import { AnalyticsFrame, ShareTable, useNumber } from "../components/AnalyticsFrame";
import analyticsCss from "../components/analytics.css?url";

/**
 * /analytics/footprint (spec §2 with option `analytics.heritagerating`; issue 34 §2; decision 108): the catalogue's
 * records over time (decades), over places (a map drawn on the server, and its table) and by type — of the records
 * the viewer may see. Each chart has its table; every decade links to its search.
 */

export const handle = { layout: "empty", capability: "PUBLIC" };
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: analyticsCss }];
export const meta = accountMeta("analytics.footprint", "analytics.footprint.lead");

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const pages = await requireAnalyticsPage(ctx, "footprint");
  const footprint = await getFootprint(ctx);
  return { pages, footprint, map: footprintMap(footprint.places) };
}

const CHART_H = 160;

export default function FootprintPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const num = useNumber();
  const { pages, footprint: f, map } = loaderData;
  const decadeHref = (d: number) => `${localizePath("/cerca", locale)}${searchQueryString({ fromRaw: String(d), toRaw: String(d + 9) })}`;
  const maxDecade = Math.max(1, ...f.decades.map((d) => d.count));
  const barW = f.decades.length ? Math.max(4, Math.min(28, 760 / f.decades.length)) : 0;
  const dated = f.total - f.undated;
  return (
    <AnalyticsFrame pages={pages}>
      <h1>{t("analytics.footprint")}</h1>
      <p className="analytics__lead">{t("analytics.footprint.lead")}</p>
      <p className="analytics__count">{t("analytics.records", { count: f.total })}</p>
      {f.total === 0 ? <p className="empty-state">{t("analytics.empty")}</p> : null}

      <section className="analytics__section" aria-labelledby="fp-time">
        <h2 id="fp-time">{t("analytics.time")}</h2>
        <p>{t("analytics.time.lead", { dated: num(dated), undated: num(f.undated) })}</p>
        {f.decades.length ? (
          <svg
            className="analytics__chart"
            viewBox={`0 0 ${f.decades.length * barW} ${CHART_H + 18}`}
            aria-hidden="true"
            focusable="false"
            preserveAspectRatio="none"
          >
            {f.decades.map((d, i) => {
              const h = Math.max(1, (d.count / maxDecade) * CHART_H);
              return <rect key={d.decade} x={i * barW + 1} y={CHART_H - h} width={barW - 2} height={h} className="analytics__column" />;
            })}
            <text x="0" y={CHART_H + 14} className="analytics__axis">
              {f.decades[0]!.decade}
            </text>
            <text x={f.decades.length * barW} y={CHART_H + 14} className="analytics__axis" textAnchor="end">
              {f.decades.at(-1)!.decade + 9}
            </text>
          </svg>
        ) : null}
        {f.decades.length ? (
          <details className="analytics__fields">
            <summary>{t("analytics.time.table")}</summary>
            <ShareTable
              caption={t("analytics.time")}
              first={t("analytics.col.decade")}
              whole={dated}
              rows={f.decades.map((d) => ({
                key: String(d.decade),
                count: d.count,
                head: <Link to={decadeHref(d.decade)}>{t("analytics.decade", { from: d.decade, to: d.decade + 9 })}</Link>,
              }))}
            />
          </details>
        ) : null}
      </section>

      <section className="analytics__section" aria-labelledby="fp-places">
        <h2 id="fp-places">{t("analytics.places")}</h2>
        <p>{t("analytics.places.lead", { located: num(f.located) })}</p>
        {map ? (
          <svg
            className="analytics__map"
            viewBox={`0 0 ${map.width} ${map.height}`}
            // as wide as the column, but never taller than 32rem: a tall region is narrower, its sea its own
            style={{ maxWidth: `${((32 * map.width) / map.height).toFixed(2)}rem` }}
            role="img"
            aria-labelledby="fp-map-title"
          >
            <title id="fp-map-title">{t("analytics.places.map", { count: map.dots.length })}</title>
            <rect width={map.width} height={map.height} className="analytics__sea" />
            <path d={map.land} className="analytics__land" />
            {map.dots.map((d) => (
              <circle key={`${d.name}-${d.x}-${d.y}`} cx={d.x} cy={d.y} r={d.r} className="analytics__dot">
                <title>{`${d.name}: ${num(d.count)}`}</title>
              </circle>
            ))}
          </svg>
        ) : null}
        {f.places.length ? (
          <ShareTable
            caption={t("analytics.places")}
            first={t("analytics.col.place")}
            rows={f.places.map((p) => ({ key: p.link, count: p.count, head: <Link to={localizePath(p.link, locale)}>{p.name}</Link> }))}
          />
        ) : (
          <p className="empty-state">{t("analytics.places.none")}</p>
        )}
      </section>

      <section className="analytics__section" aria-labelledby="fp-types">
        <h2 id="fp-types">{t("analytics.types")}</h2>
        {f.types.length ? (
          <ShareTable
            caption={t("analytics.types")}
            first={t("analytics.col.type")}
            whole={f.total}
            rows={[
              ...f.types.map((ty) => ({ key: ty.name, head: ty.name, count: ty.count })),
              ...(f.otherTypes ? [{ key: "(other types)", head: t("analytics.types.other"), count: f.otherTypes }] : []),
            ]}
          />
        ) : (
          <p className="empty-state">{t("analytics.types.none")}</p>
        )}
      </section>
    </AnalyticsFrame>
  );
}
