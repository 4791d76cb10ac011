import { Link, redirect } from "react-router";
import { notFound } from "~/.server/errors";
import type { Route } from "./+types/record";
import { serviceContext } from "~/.server/context";
import { getRecord } from "../records.server";
import { getSiteOptions } from "~/features/site/site.server";
import { useI18n } from "~/i18n/context";
import { LOCALE_NAMES, localizePath, splitLocale } from "~/lib/locale";
import { alternateLinks } from "~/lib/seo";
import { isTable, RECORD_ID_PATTERN, recordPath, tableFromSlug } from "~/lib/tables";
import { DEFAULT_PLACEHOLDER } from "~/features/site/options";
import type { RootData } from "~/root";
import { RecordCard } from "../components/RecordCard";
import { AccessLock } from "../components/AccessLock";
import { MediaGallery } from "../components/MediaGallery";
import { MetadataList } from "../components/MetadataList";
import { Semaforo } from "../components/Semaforo";
import { matchSemaforo } from "../semaforo";
import type { MessageKey } from "~/i18n";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { locale } = splitLocale(url.pathname);
  const id = params.id;
  if (isTable(params.table)) {
    // Raw table names (/ca_objects/12) redirect to the table's slug.
    throw redirect(localizePath(recordPath(params.table, id, params.label), locale) + url.search, 301);
  }
  const table = tableFromSlug(params.table);
  if (!table || !RECORD_ID_PATTERN.test(id)) throw notFound();
  const ctx = serviceContext(context, url);
  const options = await getSiteOptions(context.database, locale);
  const record = await getRecord(ctx, table, id, {
    embedBases: { youtube: options.youtube_url ?? undefined, vimeo: options.vimeo_url ?? undefined },
  });
  if (!record) throw notFound();
  return { record, semaforo: matchSemaforo(options.semaforo, record.tags) };
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const root = matches[0]?.data as RootData | undefined;
  if (!d) return [{ title: root?.options.title ?? "Teca" }];
  const r = d.record;
  const site = root?.options.title;
  const origin = root?.origin ?? "";
  const path = localizePath(r.link, r.locale);
  const description = (r.summary ?? [r.type?.name, r.dateDisplay].filter(Boolean).join(", ")).replace(/\s+/g, " ").slice(0, 200);
  return [
    { title: site ? `${r.preferred_label} · ${site}` : r.preferred_label },
    ...(description ? [{ name: "description", content: description }] : []),
    { property: "og:title", content: r.preferred_label },
    ...(r.url.medium?.startsWith("/") ? [{ property: "og:image", content: `${origin}${r.url.medium}` }] : []),
    ...alternateLinks(origin, path),
  ];
};

export const handle = { layout: "default" };

export default function RecordPage({ loaderData, matches }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { record: r, semaforo } = loaderData;
  const root = matches[0]?.data as RootData | undefined;
  const placeholder = root?.options.placeholder ?? DEFAULT_PLACEHOLDER;
  const labelLang = r.labelLang !== locale ? r.labelLang : undefined;
  const tableKey = `table.${r.table}` as MessageKey;
  // The full metadata list leaves out what the header and the summary already show.
  const shown = new Set([...r.headerFields, ...r.summaryFields].map((m) => m.code));
  const otherMetadata = r.metadata.filter((m) => !shown.has(m.code));
  return (
    <article className={`record record--${r.table}`}>
      <nav aria-label={t("nav.breadcrumb")} className="breadcrumb">
        <ol>
          <li>
            <Link to={localizePath("/", locale)}>{t("app.home")}</Link>
          </li>
          <li>{t(tableKey)}</li>
          {r.ancestors.map((a) => (
            <li key={a.id}>
              <Link to={localizePath(a.link, locale)} lang={a.labelLang !== locale ? a.labelLang : undefined}>
                {a.preferred_label}
              </Link>
            </li>
          ))}
          <li aria-current="page" lang={labelLang}>
            {r.preferred_label}
          </li>
        </ol>
      </nav>

      <div className="record__top">
        <div className="record__media">
          <MediaGallery media={r.media} label={r.preferred_label} placeholder={placeholder} />
        </div>
        <header className="record__header">
          <p className="record__kicker">
            {r.type && <span className="record__type">{r.type.name}</span>}
            {semaforo.map((s) => (
              <span key={s.id} className="semaforo-badge" style={{ ["--semaforo" as string]: s.colore }} title={s.frase}>
                <span aria-hidden="true" className="semaforo-badge__dot" />
                {s.fraseCorta}
              </span>
            ))}
            <AccessLock access={r.access} />
          </p>
          <h1 lang={labelLang}>{r.preferred_label}</h1>
          {labelLang && <p className="notice">{t("record.fallbackNotice", { language: LOCALE_NAMES[r.labelLang] })}</p>}
          <dl className="tombstone">
            {r.dateDisplay && (
              <div>
                <dt>{t("record.date")}</dt>
                <dd>{r.dateDisplay}</dd>
              </div>
            )}
            {r.numero && (
              <div>
                <dt>{t("record.numero")}</dt>
                <dd>{r.numero}</dd>
              </div>
            )}
          </dl>
          {r.headerFields.length > 0 && <MetadataList items={r.headerFields} className="tombstone" lang={r.metadataLang !== locale ? r.metadataLang ?? undefined : undefined} />}
          <Semaforo entries={semaforo} />
        </header>
      </div>

      <div className="record__body">
        {r.summary && (
          <section aria-labelledby="summary-title" className="record__section">
            <h2 id="summary-title">{t("record.summary")}</h2>
            <div className="prose" lang={r.summaryLang !== locale ? r.summaryLang ?? undefined : undefined}>
              {r.summary.split(/\n{2,}/).map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
          </section>
        )}
        {r.summaryFields.length > 0 && (
          <section aria-labelledby="details-title" className="record__section">
            <h2 id="details-title">{t("record.details")}</h2>
            <MetadataList items={r.summaryFields} lang={r.metadataLang !== locale ? r.metadataLang ?? undefined : undefined} />
          </section>
        )}
        {otherMetadata.length > 0 && (
          <section aria-labelledby="metadata-title" className="record__section">
            <h2 id="metadata-title">{t("record.metadata")}</h2>
            <MetadataList items={otherMetadata} lang={r.metadataLang !== locale ? r.metadataLang ?? undefined : undefined} />
          </section>
        )}
        {r.tags.length > 0 && (
          <section aria-labelledby="tags-title" className="record__section">
            <h2 id="tags-title">{t("record.tags")}</h2>
            <ul className="tag-list">
              {r.tags.map((tag) => (
                <li key={tag.id} className="tag">
                  {tag.name}
                </li>
              ))}
            </ul>
          </section>
        )}
        {r.coordinates && (
          <section aria-labelledby="place-title" className="record__section">
            <h2 id="place-title">{t("record.place")}</h2>
            <p>
              {t("record.coordinates", { lat: r.coordinates.lat.toFixed(4), lng: r.coordinates.lng.toFixed(4) })}{" "}
              <a
                href={`https://www.openstreetmap.org/?mlat=${r.coordinates.lat}&mlon=${r.coordinates.lng}#map=12/${r.coordinates.lat}/${r.coordinates.lng}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t("record.openMap")} <span className="visually-hidden">{t("nav.externalLink")}</span>
              </a>
            </p>
          </section>
        )}
        {(r.parent || r.children.length > 0) && (
          <section aria-labelledby="hierarchy-title" className="record__section">
            <h2 id="hierarchy-title">{t("record.hierarchy")}</h2>
            {r.parent && (
              <>
                <h3>{t("record.parent")}</h3>
                <ul className="card-grid card-grid--compact">
                  <li>
                    <RecordCard card={r.parent} placeholder={placeholder} variant="mini" headingLevel={4} />
                  </li>
                </ul>
              </>
            )}
            {r.children.length > 0 && (
              <>
                <h3>
                  {t("record.children")} ({r.childCount})
                </h3>
                <ul className="card-grid card-grid--compact">
                  {r.children.map((c) => (
                    <li key={c.id}>
                      <RecordCard card={c} placeholder={placeholder} variant="mini" headingLevel={4} />
                    </li>
                  ))}
                </ul>
                {r.childCount > r.children.length && <p>{t("record.childrenMore", { count: r.childCount - r.children.length })}</p>}
              </>
            )}
          </section>
        )}
        {r.relations.length > 0 && (
          <section aria-labelledby="related-title" className="record__section">
            <h2 id="related-title">{t("record.related")}</h2>
            <div className="relation-groups">
            {r.relations.map((g) => (
              <div key={g.type + g.label} className="relation-group">
                <h3>{g.label}</h3>
                <ul className="card-grid card-grid--compact">
                  {g.items.map((c) => (
                    <li key={`${c.table}/${c.id}`}>
                      <RecordCard
                        card={c}
                        placeholder={root?.options.placeholder ?? placeholder}
                        variant="mini"
                        headingLevel={4}
                        extra={
                          c.interstitial.length > 0 ? (
                            <dl className="interstitial">
                              {c.interstitial.map((x, i) => (
                                <div key={i}>
                                  <dt>{x.name}</dt>
                                  <dd>{x.value}</dd>
                                </div>
                              ))}
                            </dl>
                          ) : null
                        }
                      />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            </div>
          </section>
        )}
        {(r.source.attribution || r.source.license || r.source.url) && (
          <section aria-labelledby="source-title" className="record__section record__source">
            <h2 id="source-title">{t("record.source")}</h2>
            <p>
              {r.source.attribution}
              {r.source.license && (
                <>
                  {" · "}
                  {t("record.license")}: {r.source.license}
                </>
              )}
              {r.source.url && (
                <>
                  {" · "}
                  <a href={r.source.url} target="_blank" rel="noopener noreferrer">
                    {t("record.sourceLink")} <span className="visually-hidden">{t("nav.externalLink")}</span>
                  </a>
                </>
              )}
            </p>
          </section>
        )}
      </div>
    </article>
  );
}
