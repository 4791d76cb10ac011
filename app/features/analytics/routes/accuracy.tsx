import { Link } from "react-router";
import type { Route } from "./+types/accuracy";
import { serviceContext } from "~/.server/context";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { localizePath } from "~/lib/locale";
import { searchQueryString } from "~/features/search";
import { accountMeta } from "~/features/accounts";
import { getAccuracy, requireAnalyticsPage } from "../analytics.server";
import type { TableAccuracy } from "../analytics";
import { AnalyticsFrame, ShareTable } from "../components/AnalyticsFrame";
import analyticsCss from "../components/analytics.css?url";

/**
 * /analytics/accuracy (spec §2; issue 34 §2; decision 108): how complete the catalogue's information is, table by
 * table, for the records the viewer may see — with the search that lists the records without an image. Shown while
 * the option `analytics.accuracy` is on; otherwise the site has no such page (404).
 */

export const handle = { layout: "empty", capability: "PUBLIC" };
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: analyticsCss }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const pages = await requireAnalyticsPage(ctx, "accuracy");
  return { pages, accuracy: await getAccuracy(ctx) };
}

export const meta = accountMeta("analytics.accuracy", "analytics.accuracy.lead");

export default function AccuracyPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { pages, accuracy } = loaderData;
  return (
    <AnalyticsFrame pages={pages}>
      <h1>{t("analytics.accuracy")}</h1>
      <p className="analytics__lead">{t("analytics.accuracy.lead")}</p>
      {accuracy.tables.length === 0 ? <p className="empty-state">{t("analytics.empty")}</p> : null}
      {accuracy.tables.map((table) => (
        <TableSection key={table.table} table={table} />
      ))}
      <p className="analytics__note">{t("analytics.accuracy.note")}</p>
    </AnalyticsFrame>
  );
}

function TableSection({ table }: { table: TableAccuracy }) {
  const { t, locale } = useI18n();
  const name = t(`table.${table.table}` as MessageKey);
  const missingImages = table.total - table.image;
  const rows: { key: string; label: string; count: number; link?: { href: string; text: string } }[] = [
    {
      key: "image",
      label: t("analytics.field.image"),
      count: table.image,
      link: missingImages
        ? {
            href: `${localizePath("/cerca", locale)}${searchQueryString({ tables: [table.table], tablesExplicit: true, media: "senza_media" })}`,
            text: t("analytics.withoutImage", { count: missingImages }),
          }
        : undefined,
    },
    { key: "date", label: t("analytics.field.date"), count: table.date },
    { key: "place", label: t("analytics.field.place"), count: table.place },
    { key: "type", label: t("analytics.field.type"), count: table.type },
    { key: "summary-it", label: t("analytics.field.summary", { language: "italiano" }), count: table.summary.it },
    { key: "summary-en", label: t("analytics.field.summary", { language: "English" }), count: table.summary.en },
    { key: "summary-fr", label: t("analytics.field.summary", { language: "français" }), count: table.summary.fr },
    { key: "label-en", label: t("analytics.field.label", { language: "English" }), count: table.label.en },
    { key: "label-fr", label: t("analytics.field.label", { language: "français" }), count: table.label.fr },
  ];
  const id = `acc-${table.table}`;
  return (
    <section className="analytics__section" aria-labelledby={id}>
      <h2 id={id}>
        {name} <span className="analytics__count">{t("analytics.records", { count: table.total })}</span>
      </h2>
      <ShareTable
        caption={t("analytics.accuracy.caption", { table: name })}
        first={t("analytics.col.information")}
        whole={table.total}
        rows={rows.map((r) => ({
          key: r.key,
          count: r.count,
          head: r.link ? (
            <>
              {r.label}{" "}
              <Link to={r.link.href} className="analytics__missing">
                {r.link.text}
              </Link>
            </>
          ) : (
            r.label
          ),
        }))}
      />
      {table.fields.length ? (
        <details className="analytics__fields">
          <summary>{t("analytics.fields", { count: table.fields.length })}</summary>
          <ShareTable
            caption={t("analytics.fields.caption", { table: name })}
            first={t("analytics.col.field")}
            whole={table.total}
            rows={table.fields.map((f) => ({ key: f.code, head: f.label, count: f.count }))}
          />
        </details>
      ) : null}
    </section>
  );
}
