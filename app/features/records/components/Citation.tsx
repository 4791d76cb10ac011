import { useEffect, useId, useRef, useState } from "react";
import { useI18n } from "~/i18n/context";
import { contentLocale, LOCALE_TAGS, localizePath, type Locale } from "~/lib/locale";
import { recordPath } from "~/lib/tables";
import type { RecordDetail } from "~/lib/record-types";

/**
 * "Cite this record": a stable address and the record cited in Chicago (bibliography), APA 7, BibTeX
 * and CSL-JSON, built from a small set of templates in the page's language (docs/decisions/052). The
 * texts are plain, selectable text; with JavaScript each has a copy button whose result is announced.
 * Chicago and APA are shown; BibTeX and CSL-JSON, long and for reference managers, are in a disclosure.
 */

export type CitationInput = Pick<
  RecordDetail,
  "id" | "table" | "preferred_label" | "labelLang" | "type" | "dateDisplay" | "numero" | "relations" | "metadata"
>;
export type CitationPart = { text: string; italic?: boolean };
export type Citations = {
  url: string;
  chicago: CitationPart[];
  apa: CitationPart[];
  bibtex: string;
  csl: string;
};

/** Relation types and metadata codes that name a record's maker. */
const MAKER_RELATIONS = new Set(["autore", "creator", "author", "artist", "maker"]);
const MAKER_FIELDS = new Set(["maker", "autore", "author", "creator", "AUTN"]);

const WORDS: Record<Locale, { nd: string; inventory: string; accessed: string }> = {
  it: { nd: "s.d.", inventory: "inv.", accessed: "Consultato il" },
  en: { nd: "n.d.", inventory: "inv.", accessed: "Accessed" },
  fr: { nd: "s.d.", inventory: "inv.", accessed: "Consulté le" },
};

/** Who made the record: its outgoing maker relations, else its maker fields. */
export function makersOf(r: Pick<CitationInput, "relations" | "metadata">): string[] {
  const related = r.relations
    .filter((g) => g.outgoing && MAKER_RELATIONS.has(g.type))
    .flatMap((g) => g.items.map((i) => i.preferred_label));
  if (related.length) return [...new Set(related)];
  return [
    ...new Set(r.metadata.flatMap((m) => (m.type === "text" && MAKER_FIELDS.has(m.code) ? [m.value.replace(/\s*\([^)]*\)\s*$/, "")] : []))),
  ];
}

const joinNames = (names: string[], locale: Locale) => {
  if (names.length <= 1) return names[0] ?? "";
  const and = locale === "it" ? "e" : locale === "fr" ? "et" : "and";
  return `${names.slice(0, -1).join(", ")} ${locale === "en" && names.length > 2 ? "," : ""}${and} ${names[names.length - 1]}`
    .replace(" ,", ", ")
    .replace(/\s+/g, " ");
};

/** The first year written in a date ("1846", "c. 1846–1850", "700 a.C." → -700); undefined for "XIX secolo". */
export function firstYear(dateDisplay: string): number | undefined {
  const m = /(\d{1,4})(\s*(a\.\s?C\.|BC|av\. J\.-C\.))?/.exec(dateDisplay);
  if (!m || !/\d{3,4}|\d+\s*(a\.|BC|av)/.test(m[0])) return undefined;
  return m[2] ? -Number(m[1]) : Number(m[1]);
}

const bibEscape = (s: string) =>
  s.replace(
    /[\\{}&%$#_^~]/g,
    (c) => ({ "\\": "\\textbackslash{}", "{": "\\{", "}": "\\}", "^": "\\textasciicircum{}", "~": "\\textasciitilde{}" })[c] ?? `\\${c}`,
  );

const CSL_TYPES: Record<string, string> = {
  ca_objects: "artwork",
  ca_occurrences: "event",
  ca_entities: "entry",
  ca_places: "entry",
  ca_collections: "collection",
  objects: "dataset",
  assets: "graphic",
};

const end = (s: string) => (/[.!?…]$/.test(s) ? s : `${s}.`);

/** The citations of a record, in `locale`, for a site at `origin` called `site`, accessed on `today`. */
export function buildCitations(r: CitationInput, opts: { origin: string; site: string; locale: Locale; today: Date }): Citations {
  const { origin, site, locale, today } = opts;
  const url = `${origin}${localizePath(recordPath(r.table, r.id), locale)}`;
  const makers = makersOf(r);
  const title = r.preferred_label.trim();
  const type = r.type?.name ?? "";
  const date = r.dateDisplay?.trim() ?? "";
  const accessedText = new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(today);
  const w = WORDS[locale];
  const inv = r.numero ? `${w.inventory} ${r.numero}` : "";

  // Chicago, bibliography entry for an item in an online archive: Maker. Title. Date. Type. Inv. Site. Accessed …. URL.
  const chicago: CitationPart[] = [];
  if (makers.length) chicago.push({ text: `${end(joinNames(makers, locale))} ` });
  chicago.push({ text: title, italic: true }, { text: /[.!?…]$/.test(title) ? " " : ". " });
  const tail = [date, type, inv, site].filter(Boolean).map(end).join(" ");
  chicago.push({ text: `${tail ? `${tail} ` : ""}${w.accessed} ${accessedText}. ${url}.` });

  // APA 7: Maker. (Date). Title [Type]. Site. URL
  const apa: CitationPart[] = [];
  apa.push({ text: `${makers.length ? `${end(joinNames(makers, locale))} ` : ""}(${date || w.nd}). ` });
  apa.push({ text: title, italic: true });
  apa.push({ text: `${type ? ` [${type}]` : ""}. ${site ? `${end(site)} ` : ""}${url}` });

  const year = date ? firstYear(date) : undefined;
  const iso = today.toISOString().slice(0, 10);
  const key = `${r.table}-${r.id}`.replace(/[^A-Za-z0-9_:.-]/g, "_");
  const fields: [string, string][] = [
    ...(makers.length ? [["author", `{${makers.map(bibEscape).join("} and {")}}`] as [string, string]] : []),
    ["title", `{${bibEscape(title)}}`],
    ...(year !== undefined ? [["year", String(year)] as [string, string]] : []),
    ...(date && (year === undefined || date !== String(year))
      ? [["note", bibEscape([date, type, inv].filter(Boolean).join(". "))] as [string, string]]
      : type || inv
        ? [["note", bibEscape([type, inv].filter(Boolean).join(". "))] as [string, string]]
        : []),
    ...(site ? [["publisher", bibEscape(site)] as [string, string]] : []),
    ["url", url],
    ["urldate", iso],
    ["langid", r.labelLang === "it" ? "italian" : r.labelLang === "fr" ? "french" : "english"],
  ];
  const bibtex = `@misc{${key},\n${fields.map(([k, v]) => `  ${k} = {${v}}`).join(",\n")}\n}`;

  const csl = {
    id: key,
    type: CSL_TYPES[r.table] ?? "document",
    title,
    ...(makers.length ? { author: makers.map((literal) => ({ literal })) } : {}),
    ...(year !== undefined ? { issued: { "date-parts": [[year]] } } : date ? { issued: { literal: date } } : {}),
    ...(type ? { genre: type } : {}),
    ...(site ? { publisher: site, archive: site } : {}),
    ...(r.numero ? { archive_location: r.numero } : {}),
    URL: url,
    accessed: { "date-parts": [[today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()]] },
    language: r.labelLang,
  };
  return { url, chicago, apa, bibtex, csl: JSON.stringify([csl], null, 2) };
}

const plain = (parts: CitationPart[]) => parts.map((p) => p.text).join("");

export function Citation({ record, origin, site }: { record: CitationInput; origin: string; site: string }) {
  const { t, locale } = useI18n();
  const id = useId();
  const c = buildCitations(record, { origin, site, locale: contentLocale(locale), today: new Date() });
  // Copy buttons only once JavaScript runs: without it the texts are there to select.
  const [canCopy, setCanCopy] = useState(false);
  const [status, setStatus] = useState("");
  const refs = useRef<Record<string, HTMLElement | null>>({});
  useEffect(() => setCanCopy(typeof navigator !== "undefined"), []);

  const copy = async (key: string, name: string, text: string) => {
    setStatus("");
    try {
      if (navigator.clipboard?.writeText) await navigator.clipboard.writeText(text);
      else {
        const el = refs.current[key];
        const range = document.createRange();
        if (!el) throw new Error("no text");
        range.selectNodeContents(el);
        const sel = window.getSelection();
        sel?.removeAllRanges();
        sel?.addRange(range);
        if (!document.execCommand("copy")) throw new Error("copy refused");
      }
      setStatus(key === "url" ? t("cite.copiedUrl") : t("cite.copied", { format: name }));
    } catch {
      // select the text so that the reader can copy it by hand
      const el = refs.current[key];
      if (el) {
        const range = document.createRange();
        range.selectNodeContents(el);
        window.getSelection()?.removeAllRanges();
        window.getSelection()?.addRange(range);
      }
      setStatus(t("cite.copyFailed"));
    }
  };

  const entries: { key: string; name: string; text: string; node: React.ReactNode; code?: boolean }[] = [
    {
      key: "chicago",
      name: "Chicago",
      text: plain(c.chicago),
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one citation: their place is their identity
      node: c.chicago.map((p, i) => (p.italic ? <i key={i}>{p.text}</i> : <span key={i}>{p.text}</span>)),
    },
    {
      key: "apa",
      name: "APA",
      text: plain(c.apa),
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one citation: their place is their identity
      node: c.apa.map((p, i) => (p.italic ? <i key={i}>{p.text}</i> : <span key={i}>{p.text}</span>)),
    },
    { key: "bibtex", name: "BibTeX", text: c.bibtex, node: c.bibtex, code: true },
    { key: "csl", name: "CSL-JSON", text: c.csl, node: c.csl, code: true },
  ];

  const item = (e: (typeof entries)[number]) => (
    <div className="citation__item" key={e.key}>
      <dt>{e.name}</dt>
      <dd>
        {e.code ? (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling code block must be reachable by keyboard (axe: scrollable-region-focusable)
          <pre className="citation__code" tabIndex={0} suppressHydrationWarning>
            <code
              ref={(el) => {
                refs.current[e.key] = el;
              }}
              suppressHydrationWarning
            >
              {e.node}
            </code>
          </pre>
        ) : (
          <p
            className="citation__text"
            ref={(el) => {
              refs.current[e.key] = el;
            }}
            suppressHydrationWarning
          >
            {e.node}
          </p>
        )}
        {canCopy && (
          <button
            type="button"
            className="button button--small citation__copy"
            aria-label={t("cite.copyLabel", { format: e.name })}
            onClick={() => copy(e.key, e.name, e.text)}
          >
            {t("cite.copy")}
          </button>
        )}
      </dd>
    </div>
  );

  return (
    <section aria-labelledby={`${id}-title`} className="record__section citation">
      <h2 id={`${id}-title`}>{t("cite.title")}</h2>
      <dl className="citation__list">
        <div className="citation__item">
          <dt>{t("cite.url")}</dt>
          <dd>
            <a
              href={c.url}
              ref={(el) => {
                refs.current.url = el;
              }}
              className="citation__url"
            >
              {c.url}
            </a>
            {canCopy && (
              <button
                type="button"
                className="button button--small citation__copy"
                aria-label={t("cite.copyUrl")}
                onClick={() => copy("url", "", c.url)}
              >
                {t("cite.copy")}
              </button>
            )}
          </dd>
        </div>
        {entries.filter((e) => !e.code).map(item)}
      </dl>
      {/* The formats for reference managers are long: folded away, one click (or Enter) opens them. */}
      <details className="citation__more">
        <summary>{t("cite.moreFormats")}</summary>
        <dl className="citation__list">{entries.filter((e) => e.code).map(item)}</dl>
      </details>
      <p className="citation__status" role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}
