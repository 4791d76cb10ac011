import { useEffect, useId, useState } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/print";
import { serviceContext } from "~/.server/context";
import { notFound } from "~/.server/errors";
import { siteOrigin } from "~/features/standards/index.server";
import { labelLang as fieldLabelLang, MetadataValue, valueLang as fieldValueLang } from "~/features/records";
import { type MessageKey, translate } from "~/i18n";
import { useI18n } from "~/i18n/context";
import { LOCALE_TAGS, localizePath, splitLocale } from "~/lib/locale";
import { recordPath } from "~/lib/tables";
import { rootDataOf, useRootData } from "~/root-data";
import { QrCode } from "../components/QrCode";
import { LABEL_SIZE_NAMES, LABEL_SIZES, type LabelSize, type PrintKind, printRef, printView, readPrintRequest } from "../print";
import { getPrintLabels, getPrintSheets, type PrintLabel, type PrintSheet } from "../print.server";
import printCss from "../components/print.css?url";

/**
 * The print views (spec §2, issue 33 §6, decision 104): /print/template/{ref} a record's A4 sheet, /print/qr/{ref}
 * its QR label, /print/template/qr/{ref} both; `?ids=` several records, `?size=` the labels' size. The print
 * layout: no header, no footer. A record the viewer may not see is missing like one that does not exist.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { ui } = splitLocale(url.pathname);
  const view = printView([params.view, params.ref, params.more].filter(Boolean).join("/"));
  if (!view) throw notFound();
  const { kind, ref } = view;
  const asked = readPrintRequest(kind, ref, url.searchParams);
  // A bad address: the 400 page, saying what is wrong (a GET: nothing changes).
  if (!asked.ok)
    throw data({ code: 400, messageKey: asked.messageKey, message: translate(ui, asked.messageKey, asked.params) }, { status: 400 });
  const ctx = serviceContext(context, url);
  const origin = siteOrigin(url);
  const today = new Date();
  const sheets = kind === "qr" ? [] : await getPrintSheets(ctx, asked.refs, { origin, ui, today });
  const labels = kind === "template" ? [] : await getPrintLabels(ctx, asked.refs, { origin, ui });
  const found = new Set([...sheets, ...labels].map((r) => printRef(r.table, r.id)));
  if (found.size === 0) throw notFound();
  // (cached like the record page: a minute for a visitor, never for a signed-in viewer; server/http-cache.ts)
  return {
    kind,
    size: asked.size,
    ids: url.searchParams.has("ids") ? asked.refs.map((r) => printRef(r.table, r.id)).join(",") : null,
    sheets,
    labels,
    // Refs not printed: missing or not visible to the viewer, alike.
    missing: asked.refs.map((r) => printRef(r.table, r.id)).filter((r) => !found.has(r)),
    printedOn: new Intl.DateTimeFormat(LOCALE_TAGS[ui], { dateStyle: "long" }).format(today),
  };
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: printCss }];

const TITLES: Record<PrintKind, MessageKey> = {
  template: "print.title.template",
  qr: "print.title.qr",
  "template/qr": "print.title.both",
};

export const meta: Route.MetaFunction = ({ data: d, matches, location }) => {
  const root = rootDataOf(matches);
  const ui = splitLocale(location.pathname).ui;
  const site = root?.options.title ?? "Teca";
  if (!d) return [{ title: site }, { name: "robots", content: "noindex" }];
  const first = d.sheets[0]?.title ?? d.labels[0]?.title;
  const count = Math.max(d.sheets.length, d.labels.length);
  const title = `${translate(ui, TITLES[d.kind])}${count === 1 && first ? `: ${first}` : ""} · ${site}`;
  return [{ title }, { name: "robots", content: "noindex" }];
};

export const handle = { layout: "print", capability: "PUBLIC" };

export default function PrintPage({ loaderData: d }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const root = useRootData();
  const site = root?.options.title ?? "Teca";
  const sizeId = useId();
  // The print button needs JavaScript; without it the browser's own Print command does the same.
  const [canPrint, setCanPrint] = useState(false);
  useEffect(() => setCanPrint(typeof window.print === "function"), []);
  const one = d.sheets.length + d.labels.length > 0 && Math.max(d.sheets.length, d.labels.length) === 1;
  const record = d.sheets[0] ?? d.labels[0];
  const box = LABEL_SIZES[d.size];
  const perPage = box.columns * box.rows;
  const pages: PrintLabel[][] = [];
  for (let i = 0; i < d.labels.length; i += perPage) pages.push(d.labels.slice(i, i + perPage));
  return (
    <div className="print">
      <div className="print__toolbar">
        <h1 className="print__title">{t(TITLES[d.kind])}</h1>
        {one && record ? (
          <p>
            <Link to={localizePath(recordPath(record.table, record.id), locale)}>← {t("print.back")}</Link>
          </p>
        ) : null}
        {d.kind !== "template" ? (
          // A GET form: the same address with another size, with or without JavaScript.
          <form method="get" className="print__size">
            {d.ids ? <input type="hidden" name="ids" value={d.ids} /> : null}
            <label htmlFor={sizeId}>{t("print.size")}</label>
            <select id={sizeId} name="size" defaultValue={d.size} key={d.size}>
              {LABEL_SIZE_NAMES.map((s) => (
                <option key={s} value={s}>
                  {t(`print.size.${s}` as MessageKey, { count: LABEL_SIZES[s].columns * LABEL_SIZES[s].rows })}
                </option>
              ))}
            </select>
            <button type="submit" className="button button--small">
              {t("print.apply")}
            </button>
          </form>
        ) : null}
        {canPrint ? (
          <button type="button" className="button button--primary" onClick={() => window.print()}>
            {t("print.print")}
          </button>
        ) : null}
        {d.labels.length > 0 ? (
          <p className="print__count">{t("print.labelCount", { count: d.labels.length, pages: pages.length })}</p>
        ) : null}
        {d.missing.length > 0 ? (
          <p className="notice" role="status">
            {t("print.missing", { count: d.missing.length, ids: d.missing.join(", ") })}
          </p>
        ) : null}
      </div>
      {d.sheets.map((s) => (
        <Sheet key={`${s.table}/${s.id}`} sheet={s} site={site} printedOn={d.printedOn} />
      ))}
      {pages.map((labels, i) => (
        <section
          // biome-ignore lint/suspicious/noArrayIndexKey: the pages of one print run: their place is their identity
          key={i}
          className={`label-page label-page--${d.size}`}
          aria-label={t("print.labelPage", { page: i + 1, pages: pages.length })}
        >
          {labels.map((l) => (
            <Label key={`${l.table}/${l.id}`} label={l} size={d.size} />
          ))}
        </section>
      ))}
    </div>
  );
}

function Sheet({ sheet: s, site, printedOn }: { sheet: PrintSheet; site: string; printedOn: string }) {
  const { t, locale } = useI18n();
  const lang = (l: string | null) => (l && l !== locale ? l : undefined);
  const metaLang = lang(s.metadataLang);
  return (
    <article className="print-sheet" aria-labelledby={`sheet-${s.table}-${s.id}`}>
      <header className="print-sheet__head">
        <p className="print-sheet__site">{site}</p>
        {s.type ? <p className="print-sheet__kicker">{s.type}</p> : null}
        <h2 id={`sheet-${s.table}-${s.id}`} lang={lang(s.labelLang)}>
          {s.title}
        </h2>
        {s.makers.length > 0 ? <p className="print-sheet__makers">{s.makers.join(", ")}</p> : null}
      </header>
      <div className="print-sheet__top">
        {s.image ? (
          <img
            className="print-sheet__image"
            src={s.image.src}
            alt={s.image.alt}
            width={s.image.width ?? undefined}
            height={s.image.height ?? undefined}
          />
        ) : null}
        <dl className="print-sheet__ids">
          {s.numero ? (
            <div>
              <dt>{t("record.numero")}</dt>
              <dd>{s.numero}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t("print.identifier")}</dt>
            <dd>
              {t(`table.${s.table}` as MessageKey)} · {s.id}
            </dd>
          </div>
          {s.dateDisplay ? (
            <div>
              <dt>{t("record.date")}</dt>
              <dd>{s.dateDisplay}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      {s.summary ? (
        <p className="print-sheet__summary" lang={lang(s.summaryLang)}>
          {s.summary}
        </p>
      ) : null}
      {s.fields.length > 0 ? (
        <dl className="print-sheet__fields">
          {s.fields.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a field may repeat: its code and place identify it in a list that never reorders
            <div key={`${m.code}-${i}`}>
              <dt lang={fieldLabelLang(m, locale)}>{m.label}</dt>
              <dd lang={fieldValueLang(m, metaLang)}>
                <MetadataValue item={m} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {s.more > 0 ? <p className="print-sheet__more">{t("print.more", { count: s.more })}</p> : null}
      <footer className="print-sheet__foot">
        <QrCode className="print-sheet__qr" shape={s.qr} label={t("print.qrLabel", { url: s.address })} />
        <div>
          <p>
            <strong>{t("cite.url")}:</strong> <a href={s.address}>{s.address}</a>
          </p>
          <p>
            <strong>{t("print.citation")}:</strong> {s.citation}
          </p>
          <p className="print-sheet__date">{t("print.printedOn", { date: printedOn })}</p>
        </div>
      </footer>
    </article>
  );
}

function Label({ label: l, size }: { label: PrintLabel; size: LabelSize }) {
  const { t, locale } = useI18n();
  return (
    <div className={`print-label print-label--${size}`}>
      <QrCode className="print-label__qr" shape={l.qr} label={t("print.qrLabel", { url: l.address })} />
      <div className="print-label__text">
        <p className="print-label__title" lang={l.labelLang !== locale ? l.labelLang : undefined}>
          {l.title}
        </p>
        {l.numero ? <p className="print-label__numero">{l.numero}</p> : null}
        {l.dateDisplay ? <p className="print-label__date">{l.dateDisplay}</p> : null}
        <p className="print-label__ref">{printRef(l.table, l.id)}</p>
      </div>
    </div>
  );
}
