import { Link, redirect } from "react-router";
import { notFound } from "~/.server/errors";
import type { Route } from "./+types/record";
import { serviceContext } from "~/.server/context";
import { getRecord } from "~/features/records/index.server";
import { getSiteOptions } from "~/features/site/index.server";
import { useI18n } from "~/i18n/context";
import { languageName, localizePath, splitLocale } from "~/lib/locale";
import { alternateLinks } from "~/lib/seo";
import { isTable, RECORD_ID_PATTERN, recordPath, tableFromSlug } from "~/lib/tables";
import { DEFAULT_PLACEHOLDER } from "~/features/site";
import { rootDataOf, useRootData } from "~/root-data";
import { RecordCard } from "~/components/RecordCard";
import { AccessLock } from "~/components/AccessLock";
import { MediaGallery } from "~/features/records";
import { MetadataList, MetadataValue, labelLang as fieldLabelLang, valueLang as fieldValueLang } from "~/features/records";
import { Semaforo } from "~/features/records";
import { matchSemaforo } from "~/features/records";
import type { MessageKey } from "~/i18n";
import { isPublicRecord, seesInternalFields } from "~/.server/access";
import {
  withoutShownMakers,
  groupMetadata,
  internalFieldsOption,
  fieldRulesOption,
  highlightOption,
  type MetadataGroup,
} from "~/features/records";
import { RelatedStrip } from "~/features/records";
import { Citation } from "~/features/records";
import { recordIiif } from "~/features/iiif/index.server";
import { IiifLinks } from "~/features/iiif";
import { getRecordJsonLd } from "~/features/standards/index.server";
import { jsonLdScript } from "~/features/standards";
import { siteOrigin } from "~/features/standards/index.server";
import { useCardActions } from "~/ui/card-actions";
import { recordDataLinks } from "~/features/standards";
import { DownloadMenu } from "~/features/registers";
import { downloadOptions } from "~/features/registers/index.server";
import { annotationsEnabled, recordAnnotations } from "~/features/registers/index.server";
import { AnnotationsSection } from "~/features/registers";
import { printHref, printRef, QrDialogButton, recordAddress } from "~/features/print";
import { relationMapPath } from "~/features/relmap";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  // the content language (Italian for a further language) and the page's own, whose addresses keep its prefix
  const { locale, ui } = splitLocale(url.pathname);
  const id = params.id;
  if (isTable(params.table)) {
    // Raw table names (/ca_objects/12) redirect to the table's slug.
    throw redirect(localizePath(recordPath(params.table, id, params.label), ui) + url.search, 301);
  }
  const table = tableFromSlug(params.table);
  if (!table || !RECORD_ID_PATTERN.test(id)) throw notFound();
  const ctx = serviceContext(context, url);
  const options = await getSiteOptions(ctx, locale);
  const rules = fieldRulesOption(options as unknown as Record<string, unknown>);
  const record = await getRecord(ctx, table, id, {
    embedBases: { youtube: options.youtube_url ?? undefined, vimeo: options.vimeo_url ?? undefined },
    internalFields: internalFieldsOption(options as unknown as Record<string, unknown>),
    // the site's rules for the fields shown here: hidden, ordered, renamed, folded (decision 109)
    fieldRules: rules,
    showInternal: seesInternalFields(context.viewer),
  });
  if (!record) throw notFound();
  // One address per record and language: an old or cut slug, another language's slug or none at all
  // redirects permanently to the record's link in this language (docs/decisions/022).
  const canonical = localizePath(record.link, ui);
  if (url.pathname !== canonical) throw redirect(canonical + url.search, 301);
  // schema.org JSON-LD of what this page shows (decision 050)
  const jsonLd = await getRecordJsonLd(ctx, record, siteOrigin(url));
  // A reproduction request of the first image, for a signed-in user while requests are on (the office's
  // address set: decision 099; the form's service checks the same).
  const image = record.media.find((m) => m.mediaType === "image");
  const reproduction = image && context.viewer.kind === "user" && options.richiediimmagine_email?.trim() ? image.id : null;
  const iiif = await recordIiif(ctx, record);
  // The record's notes the viewer may see, and whether they may add one (issue 32 §1, decision 097).
  // (the option as the annotation calls read it: annotationsEnabled; its images are the record's, below)
  const notesOn = await annotationsEnabled(ctx);
  const annotations = {
    notes: notesOn ? await recordAnnotations(ctx, { table: record.table, id: record.id }) : [],
    canAdd: notesOn && ctx.viewer.kind === "user",
  };
  // the sizes of each image the viewer may download (issue 32 §2, decision 098)
  const downloads = downloadOptions(
    context.viewer,
    record.media.map((m) => ({
      id: m.id,
      mediaType: m.mediaType,
      width: m.width ?? 0,
      height: m.height ?? 0,
      local: Boolean(m.url.original?.startsWith("/media/")),
    })),
  );
  return {
    record,
    jsonLd,
    semaforo: matchSemaforo(options.semaforo, record.tags),
    iiif,
    reproduction,
    downloads,
    annotations,
    // the tombstone's date label of the site (detailjs dateLabel, decision 109)
    dateLabel: rules.dateLabel,
    // the tags and facets the site highlights (detailjs filtroHighlight, decision 112)
    highlight: highlightOption(options as unknown as Record<string, unknown>),
    // a page to come back to once signed out (handle.publicWhen)
    publicPage: isPublicRecord(record.access),
  };
}

export const meta: Route.MetaFunction = ({ data: d, matches, location }) => {
  const root = rootDataOf(matches);
  if (!d) return [{ title: root?.options.title ?? "Teca" }];
  const r = d.record;
  const site = root?.options.title;
  const origin = root?.origin ?? "";
  // the page's own address (a further language's page is its own page, with the Italian content)
  const path = localizePath(r.link, splitLocale(location.pathname).ui);
  const description = (r.summary ?? [r.type?.name, r.dateDisplay].filter(Boolean).join(", ")).replace(/\s+/g, " ").slice(0, 200);
  return [
    { title: site ? `${r.preferred_label} · ${site}` : r.preferred_label },
    ...(description ? [{ name: "description", content: description }] : []),
    { property: "og:title", content: r.preferred_label },
    ...(r.url.medium?.startsWith("/") ? [{ property: "og:image", content: `${origin}${r.url.medium}` }] : []),
    ...alternateLinks(origin, path, "", root?.languages),
    // the record's JSON-LD and IIIF manifest, for crawlers and IIIF tools (issue 14)
    ...recordDataLinks(origin, { table: r.table, id: r.id, locale: r.locale, label: r.preferred_label, manifest: d.iiif.manifest }),
  ];
};

export const handle = {
  layout: "default",
  capability: "PUBLIC",
  // a restricted record's page is no page to come back to once signed out (accounts' isPublicPage)
  publicWhen: (data: unknown) => (data as { publicPage?: boolean } | undefined)?.publicPage === true,
};

/** Relation types naming the maker: shown in the tombstone, not again as a strip. */
const MAKER_RELATIONS = new Set(["autore", "creator"]);

export default function RecordPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  // The workspace's pin toggle for signed-in users (app/ui/card-actions.tsx).
  const actions = useCardActions();
  const { record: r, semaforo } = loaderData;
  const root = useRootData();
  const placeholder = root?.options.placeholder ?? DEFAULT_PLACEHOLDER;
  // the related records' cards have a placeholder of their own when the site sets one (option placeholderRelated)
  const relatedPlaceholder = root?.options.placeholderRelated ?? placeholder;
  const labelLang = r.labelLang !== locale ? r.labelLang : undefined;
  const metaLang = r.metadataLang !== locale ? (r.metadataLang ?? undefined) : undefined;
  const tableKey = `table.${r.table}` as MessageKey;
  // The tombstone shows the header fields; the groups below leave them out, so nothing is shown twice.
  const headerCodes = new Set(r.headerFields.map((m) => m.code));
  // The site's chosen summary fields (summaryPimcore) go in the summary section, so the groups leave them out too.
  const chosenSummary = r.summaryChosen ? r.summaryFields.filter((m) => !headerCodes.has(m.code)) : [];
  const makers = r.relations.filter((g) => MAKER_RELATIONS.has(g.type) && g.outgoing && g.items.length === g.total && g.total <= 3);
  // A maker named in the tombstone (a link to its record) is not repeated by a "maker" field below.
  const metadata = withoutShownMakers(
    r.metadata,
    makers.flatMap((g) => g.items.map((i) => i.preferred_label)),
  );
  // The fields the site folds under "more data" (option `more`, decision 109) are shown after the groups.
  const folded = metadata.filter((m) => m.more && !headerCodes.has(m.code));
  const groups = groupMetadata(
    metadata.filter((m) => !m.more),
    new Set([...headerCodes, ...chosenSummary.map((m) => m.code)]),
  );
  const strips = r.relations.filter((g) => !makers.includes(g));
  // Tags repeating a field's value (a technique, a state of conservation) are left to the field.
  const values = r.metadata.flatMap((m) => (m.type === "text" ? [m.value.toLowerCase().trim()] : []));
  // The whole value, or its first words up to punctuation ("Fragile: …", "Fragile : …", "Buono, …").
  const repeats = (name: string) => values.some((v) => v === name || (v.startsWith(name) && /^\s*[:,;(–-]/.test(v.slice(name.length))));
  const tags = r.tags.filter((tag) => !repeats(tag.name.toLowerCase()));
  // The tags the site highlights (detailjs filtroHighlight: a tag's id or its facet's): marked, and first.
  const highlight = new Set(loaderData.highlight);
  const highlighted = (tag: (typeof tags)[number]) => highlight.has(tag.id) || (tag.root !== null && highlight.has(tag.root.id));
  const tagGroups = new Map<string, { name: string; tags: typeof tags; highlighted: boolean }>();
  for (const tag of [...tags].sort((a, b) => Number(highlighted(b)) - Number(highlighted(a)))) {
    const key = tag.root?.id ?? "";
    const g = tagGroups.get(key) ?? { name: tag.root?.name ?? "", tags: [], highlighted: false };
    g.tags.push(tag);
    g.highlighted ||= highlighted(tag);
    tagGroups.set(key, g);
  }
  const searchBase = localizePath("/cerca", locale);
  const hasRights = Boolean(r.source.attribution || r.source.license || r.source.url);
  const sectionOf = (g: MetadataGroup) => groups.find((x) => x.group === g)?.items ?? [];
  const order: MetadataGroup[] = ["identification", "description", "physical", "subject", "provenance", "rights", "other"];
  return (
    <article className={`record record--${r.table}`}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD with <, > and & escaped by jsonLdScript, so it cannot close the script element */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(loaderData.jsonLd) }} />
      <nav aria-label={t("nav.breadcrumb")} className="breadcrumb">
        <ol>
          <li>
            <Link to={localizePath("/", locale)}>{t("app.home")}</Link>
          </li>
          <li>
            <Link to={`${searchBase}?table=${r.table}`}>{t(tableKey)}</Link>
          </li>
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
          <MediaGallery
            media={r.media}
            label={r.preferred_label}
            placeholder={placeholder}
            deepZoom={loaderData.iiif.services}
            actions={(m) => <DownloadMenu mediaId={m.id} options={loaderData.downloads[m.id] ?? []} />}
          />
          <IiifLinks
            table={r.table}
            id={r.id}
            manifest={loaderData.iiif.manifest}
            pages={loaderData.iiif.pages}
            origin={root?.origin ?? ""}
          />
          {loaderData.reproduction ? (
            <p className="record__request">
              <a className="button button--small" href={`${localizePath("/richieste/nuova", locale)}?media=${loaderData.reproduction}`}>
                {t("requests.new.entry")}
              </a>
            </p>
          ) : null}
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
          {actions?.({ table: r.table, id: r.id, title: r.preferred_label, image: r.url.thumbnail ?? r.url.medium }, "record")}
          {/* The record's QR code and its print views (issue 33 §6, decision 104) */}
          <p className="record__tools">
            <QrDialogButton
              url={recordAddress(root?.origin ?? "", r.table, r.id, locale)}
              fileName={`qr-${printRef(r.table, r.id).replace(":", "-")}.png`}
              labelHref={printHref("qr", [r], locale)}
            />
            <a className="button button--small" href={printHref("template", [r], locale)}>
              {t("print.action.sheet")}
            </a>
          </p>
          {labelLang && <p className="notice">{t("record.fallbackNotice", { language: languageName(r.labelLang, locale) })}</p>}
          <dl className="tombstone">
            {makers.map((g) => (
              <div key={g.key}>
                <dt className="tombstone__label">{g.label}</dt>
                <dd>
                  {g.items.map((c, i) => (
                    <span key={c.id}>
                      {i > 0 && ", "}
                      <Link to={localizePath(c.link, locale)} lang={c.labelLang !== locale ? c.labelLang : undefined}>
                        {c.preferred_label}
                      </Link>
                    </span>
                  ))}
                </dd>
              </div>
            ))}
            {r.dateDisplay && (
              <div>
                <dt>{loaderData.dateLabel ?? t("record.date")}</dt>
                <dd>{r.dateDisplay}</dd>
              </div>
            )}
            {r.headerFields.map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a field may repeat: its code and place identify it in a list that never reorders
              <div key={`${m.code}-${i}`} data-code={m.code}>
                <dt lang={fieldLabelLang(m, locale)}>{m.label}</dt>
                <dd lang={fieldValueLang(m, metaLang)}>
                  <MetadataValue item={m} />
                </dd>
              </div>
            ))}
            {r.numero && (
              <div>
                <dt>{t("record.numero")}</dt>
                <dd>{r.numero}</dd>
              </div>
            )}
          </dl>
          <Semaforo entries={semaforo} />
        </header>
      </div>

      <div className="record__body">
        {(r.summary || chosenSummary.length > 0) && (
          <section aria-labelledby="summary-title" className="record__section record__summary">
            <h2 id="summary-title">{t("record.group.description")}</h2>
            {r.summary && (
              <div className="prose" lang={r.summaryLang !== locale ? (r.summaryLang ?? undefined) : undefined}>
                {r.summary.split(/\n{2,}/).map((p, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text: their place is their identity
                  <p key={i}>{p}</p>
                ))}
              </div>
            )}
            {chosenSummary.length > 0 && (
              <MetadataList items={chosenSummary} lang={metaLang} pageLang={locale} internalLabel={t("record.internal")} />
            )}
            {sectionOf("description").length > 0 && (
              <MetadataList items={sectionOf("description")} lang={metaLang} pageLang={locale} internalLabel={t("record.internal")} />
            )}
          </section>
        )}
        <div className="record__groups">
          {order.map((g) => {
            // With a summary, the description's fields are under it, above.
            const items = g === "description" && (r.summary || chosenSummary.length > 0) ? [] : sectionOf(g);
            const showTags = g === "subject" && tagGroups.size > 0;
            const showRights = g === "rights" && hasRights;
            if (!items.length && !showTags && !showRights) return null;
            return (
              <section key={g} aria-labelledby={`group-${g}`} className={`record__section record__group record__group--${g}`}>
                <h2 id={`group-${g}`}>{t(`record.group.${g}` as MessageKey)}</h2>
                {items.length > 0 && <MetadataList items={items} lang={metaLang} pageLang={locale} internalLabel={t("record.internal")} />}
                {showTags && (
                  <dl className="metadata">
                    {[...tagGroups.entries()]
                      .sort(([, a], [, b]) => Number(b.highlighted) - Number(a.highlighted))
                      .map(([key, tg]) => (
                        <div key={key}>
                          <dt>{tg.name || t("record.tags")}</dt>
                          <dd>
                            <ul className="tag-list">
                              {tg.tags.map((tag) => (
                                <li key={tag.id}>
                                  <Link
                                    className={highlighted(tag) ? "tag tag--highlight" : "tag"}
                                    to={`${searchBase}?filtro=${encodeURIComponent(tag.id)}`}
                                  >
                                    {tag.name}
                                  </Link>
                                </li>
                              ))}
                            </ul>
                          </dd>
                        </div>
                      ))}
                  </dl>
                )}
                {showRights && (
                  <dl className="metadata">
                    {r.source.attribution && (
                      <div>
                        <dt>{t("record.source")}</dt>
                        <dd>{r.source.attribution}</dd>
                      </div>
                    )}
                    {r.source.license && (
                      <div>
                        <dt>{t("record.license")}</dt>
                        <dd>{r.source.license}</dd>
                      </div>
                    )}
                    {r.source.url && (
                      <div>
                        <dt>{t("record.sourceLink")}</dt>
                        <dd>
                          <a href={r.source.url} target="_blank" rel="noopener noreferrer">
                            {new URL(r.source.url).host} <span className="visually-hidden">{t("nav.externalLink")}</span>
                          </a>
                        </dd>
                      </div>
                    )}
                  </dl>
                )}
              </section>
            );
          })}
        </div>
        {folded.length > 0 && (
          <details className="record__section record__more">
            <summary>{t("record.more", { count: folded.length })}</summary>
            <MetadataList items={folded} lang={metaLang} pageLang={locale} internalLabel={t("record.internal")} />
          </details>
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
                <ul className="strip__list">
                  <li>
                    <RecordCard card={r.parent} placeholder={relatedPlaceholder} variant="mini" headingLevel={4} />
                  </li>
                </ul>
              </>
            )}
            {r.children.length > 0 && (
              <RelatedStrip
                title={`${t("record.children")} (${r.childCount.toLocaleString(locale)})`}
                group={{
                  key: "",
                  type: "children",
                  label: "",
                  outgoing: true,
                  total: r.children.length,
                  items: r.children.map((c) => ({ ...c, interstitial: [] })),
                }}
                placeholder={relatedPlaceholder}
                source={null}
              />
            )}
            {r.childCount > r.children.length && <p>{t("record.childrenMore", { count: r.childCount - r.children.length })}</p>}
          </section>
        )}
        {strips.length > 0 && (
          <section aria-labelledby="related-title" className="record__section">
            <h2 id="related-title">{t("record.related")}</h2>
            <p className="record__map-link">
              <Link to={localizePath(relationMapPath(r.table, r.id), locale)}>{t("relmap.link")}</Link>
            </p>
            {/* Groups of one or two share rows; longer groups are full-width paged strips. */}
            <div className="strips">
              {strips.map((g) => (
                <RelatedStrip
                  key={g.key}
                  title={g.label}
                  group={g}
                  placeholder={relatedPlaceholder}
                  source={{ table: r.table, id: r.id }}
                />
              ))}
            </div>
          </section>
        )}
        <AnnotationsSection
          record={{ table: r.table, id: r.id }}
          notes={loaderData.annotations.notes}
          canAdd={loaderData.annotations.canAdd}
          images={r.media
            .filter((m) => m.mediaType === "image")
            .map((m) => ({
              id: m.id,
              title: m.title,
              service: loaderData.iiif.services[m.id] ?? null,
              url: m.url.large ?? m.url.medium,
              width: m.width,
              height: m.height,
            }))}
        />
        <Citation record={r} origin={root?.origin ?? ""} site={root?.options.title ?? "Teca"} />
      </div>
    </article>
  );
}
