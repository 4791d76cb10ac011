import { data, Form, Link, redirect, useNavigate, useNavigation, useSubmit } from "react-router";
import { useEffect, useId, useState } from "react";
import type { Route } from "./+types/search";
import { serviceContext } from "~/.server/context";
import { compilePattern } from "~/.server/linear-pattern";
import { getSiteOptions } from "~/features/site/index.server";
import {
  configuredSearch,
  defaultMode,
  facetsMatching,
  treeOptions,
  getTagNames,
  search,
  searchPoints,
  type FacetNode,
  type SearchResult,
} from "~/features/search/index.server";
import { MapView } from "~/components/MapView";
import { SearchCombobox } from "~/features/search";
import {
  DEFAULT_SEARCH_TABLES,
  isDateError,
  MAX_FILTERS,
  MEDIA_FILTERS,
  parseSearchParams,
  SORTS,
  VIEWS,
  searchQueryString,
  type SearchParams,
} from "~/features/search";
import { useI18n } from "~/i18n/context";
import { localizePath, splitLocale } from "~/lib/locale";
import { alternateLinks } from "~/lib/seo";
import { readCookie } from "~/lib/cookies";
import { translate } from "~/i18n";
import type { TABLES } from "~/lib/tables";
import type { MessageKey } from "~/i18n";
import { rootDataOf, useRootData } from "~/root-data";
import { DEFAULT_PLACEHOLDER, type SiteOptions } from "~/features/site";
import { RecordCard } from "~/components/RecordCard";
import { AccessLock } from "~/components/AccessLock";
import { ExportMenu } from "~/features/export";
import { currentPins } from "~/features/workspace/index.server";
import { SaveSearchControl } from "~/features/saved-searches";
import { SearchSubmit } from "~/ui/SearchSubmit";
import { type BulkAddBar, loadBulkAdd } from "~/features/workspace";
import type { Selection } from "~/features/workspace";
import { PrintLinks } from "~/features/print";
import { feedLink } from "~/features/standards";
import { Timeline } from "../components/Timeline";
import { timelineBars } from "../timeline";

export async function loader({ context, url, request }: Route.LoaderArgs) {
  const { locale } = splitLocale(url.pathname);
  const options = await getSiteOptions({ database: context.database }, locale);
  const filtersCookie = readCookie(request.headers.get("cookie"), FILTERS_COOKIE);
  const filtersState: FiltersState = filtersCookie === "1" ? "open" : filtersCookie === "0" ? "closed" : "auto";
  let parsed = parseSearchParams(url.searchParams, { sanitize: options.sanitize });
  // An invalid or reversed date range is answered on the form: the search runs without it.
  let dateError: DateError | null = null;
  if (!parsed.ok && isDateError(parsed.error)) {
    dateError = {
      from: url.searchParams.get("from") ?? "",
      to: url.searchParams.get("to") ?? "",
      param: parsed.error.param,
      reversed: Boolean(parsed.error.reversed),
    };
    const rest = new URLSearchParams(url.searchParams);
    rest.delete("from");
    rest.delete("to");
    parsed = parseSearchParams(rest, { sanitize: options.sanitize });
  }
  if (!parsed.ok) {
    return data({ ok: false as const, error: parsed.error, timeline: options.timeline, filtersState }, { status: 400 });
  }
  // The words' mode: the address's, else the site's default (customjs searchType, decision 112).
  const p = { ...parsed.params, mode: parsed.params.modeExplicit ? parsed.params.mode : defaultMode(options) };
  const ctx = serviceContext(context, url);
  // The filter tree's facets (customjs queryAlbero) and those open at first (regexFiltriInit; decision 113).
  const tree = treeOptions(options);
  const initial = options.regexFiltriInit;
  if (!p.openExplicit && typeof initial === "string" && initial) {
    const pattern = compilePattern(initial);
    if (typeof pattern !== "string") p.open = (await facetsMatching(ctx, (text) => pattern.test(text), tree.facets)).slice(0, MAX_FILTERS);
  }
  // The first page has no `page` in its address (page=1, and page=0 of the old 0-based links).
  const pageRaw = url.searchParams.get("page");
  if (pageRaw !== null && Number(pageRaw) <= 1 && !dateError) throw redirect(withPage(url, null), 301);
  const configured = configuredSearch(options as SiteOptions & Record<string, unknown>, context.viewer.roles, p);
  // filtro=pin|Pin: the records of the signed-in user's current collection (issue 15).
  if (p.filters.includes("pin|Pin")) configured.opts.pinned = await currentPins(ctx);
  const result = await search(ctx, configured.params, {
    ...configured.opts,
    shuffleSeed: p.shuffle ? Math.floor(Date.now() / 600_000) : 0,
  });
  // A page past the end goes to the last page (not permanently: the archive grows).
  const lastPage = Math.max(1, Math.ceil(result.count / result.pageSize));
  if (!p.shuffle && !dateError && p.page + 1 > lastPage) throw redirect(withPage(url, lastPage > 1 ? lastPage : null), 302);
  const chipNames = await getTagNames(
    ctx,
    p.filters.filter((f) => !f.startsWith("type:")),
  );
  const points = p.view === "map" ? await searchPoints(ctx, configured.params, configured.opts) : null;
  // Type names for the chips come from the facets; an empty result has none, the broader searches do.
  const typeNames = new Map(result.facets.types.map((x) => [`type:${x.id}`, x.name]));
  const broaden =
    result.count === 0
      ? await broadenings(p, async (q) => {
          const c = configuredSearch(options as SiteOptions & Record<string, unknown>, context.viewer.roles, q);
          const r = await search(ctx, c.params, { ...c.opts, pageSize: 1 });
          for (const x of r.facets.types) typeNames.set(`type:${x.id}`, x.name);
          return r.count;
        })
      : [];
  for (const f of p.filters) if (f.startsWith("type:") && typeNames.has(f)) chipNames[f] = typeNames.get(f)!;
  if (p.filters.includes("pin|Pin")) chipNames["pin|Pin"] = translate(locale, "workspace.pin.filter");
  // The spans serve the timeline's longer periods only: counted here, not sent to the page.
  const { decadeSpans, ...facets } = result.facets;
  if (tree.facets.length) facets.tags = facets.tags.filter((n) => tree.facets.includes(n.path.split("/")[0]!));
  return {
    ok: true as const,
    params: p,
    result: { ...result, facets },
    timelineBars: timelineBars(facets.decades, decadeSpans, options.timeline),
    chipNames,
    dateError,
    broaden,
    filtersState,
    timeline: options.timeline,
    filtriOrder: options.filtriOrder,
    // The search page's switches the site may hide (customjs switchItems, switchTable; decision 112): the view
    // switch, and the choice of sections (tables). Hidden, their addresses still work.
    switches: { views: options.switchItems !== false, tables: options.switchTable !== false },
    points,
    tiles: { url: options.tileUrl, attribution: options.tileAttribution },
  };
}

/** The page's address with another `page` (null: the first page, no parameter). */
function withPage(url: URL, page: number | null) {
  const sp = new URLSearchParams(url.searchParams);
  if (page === null) sp.delete("page");
  else sp.set("page", String(page));
  const qs = sp.toString();
  return url.pathname + (qs ? `?${qs}` : "");
}

type DateError = { from: string; to: string; param: string; reversed: boolean };

/** One part of a search that found nothing, and what the search finds without it. */
type Broadening = {
  kind: "q" | "filter" | "dates" | "media" | "table" | "mode" | "area";
  id?: string;
  over: Partial<SearchParams>;
  count: number;
};

/**
 * For a search that found nothing: each of its words, filters, dates, image
 * choice and sections taken away in turn (at most eight), with the number of
 * records the search finds without it — the one-click ways out of the empty page.
 */
async function broadenings(p: SearchParams, count: (q: SearchParams) => Promise<number>): Promise<Broadening[]> {
  const parts: Omit<Broadening, "count">[] = [];
  if (p.q && p.mode === "and" && p.q.trim().split(/\s+/).length > 1) parts.push({ kind: "mode", over: { mode: "or", modeExplicit: true } });
  if (p.q && otherState(p)) parts.push({ kind: "q", over: { q: "" } });
  for (const f of p.filters) parts.push({ kind: "filter", id: f, over: { filters: p.filters.filter((x) => x !== f) } });
  if (p.fromRaw || p.toRaw) parts.push({ kind: "dates", over: { fromRaw: "", toRaw: "", from: null, to: null } });
  if (p.media !== "all") parts.push({ kind: "media", over: { media: "all" } });
  if (p.bbox) parts.push({ kind: "area", over: { bbox: null } });
  if (p.tablesExplicit) parts.push({ kind: "table", over: { tables: DEFAULT_SEARCH_TABLES, tablesExplicit: false } });
  const counted = await Promise.all(parts.slice(0, 8).map(async (b) => ({ ...b, count: await count({ ...p, ...b.over, page: 0 }) })));
  return counted.filter((b) => b.count > 0).sort((a, b) => b.count - a.count);
}

/** Identical searches in one visit are answered from memory (keyed by their parameters). */
const clientCache = new Map<string, unknown>();
const CLIENT_CACHE_SIZE = 40;

export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const u = new URL(request.url);
  const key = u.pathname + u.search;
  // The pinned records change with every pin: never answered from memory.
  if (u.searchParams.getAll("filtro").includes("pin|Pin")) return serverLoader();
  if (clientCache.has(key)) return clientCache.get(key) as Awaited<ReturnType<typeof serverLoader>>;
  const result = await serverLoader();
  clientCache.set(key, result);
  if (clientCache.size > CLIENT_CACHE_SIZE) clientCache.delete(clientCache.keys().next().value!);
  return result;
}

export const meta: Route.MetaFunction = ({ matches, location, data: d }) => {
  const root = rootDataOf(matches);
  const { ui: locale } = splitLocale(location.pathname);
  const tr = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params);
  const site = root?.options.title;
  const origin = root?.origin ?? "";
  if (!d?.ok)
    return [{ title: site ? `${tr("search.title")} · ${site}` : tr("search.title") }, { name: "robots", content: "noindex, follow" }];
  const { params: p, result } = d;
  const count = result.count;
  const page = p.page > 0 ? ` · ${tr("search.pageOf", { page: p.page + 1, pages: Math.ceil(result.count / result.pageSize) })}` : "";
  const title = (p.q ? `${p.q} · ${tr("search.title")}` : tr("search.title")) + page;
  const description = p.shuffle
    ? tr("search.metaShuffle", { site: site ?? "" })
    : p.q
      ? tr("search.metaFor", { count, q: p.q, site: site ?? "" })
      : tr("search.metaAll", { count, site: site ?? "" });
  // The canonical address keeps what chooses the records (words, filters, dates, page), not how they are shown.
  const canonical = searchQueryString({ ...p, view: undefined, sort: null, open: [], openExplicit: false, print: false, shuffle: false });
  const full = site && title !== site ? `${title} · ${site}` : title;
  return [
    { title: full },
    { name: "description", content: description },
    { property: "og:title", content: title },
    ...alternateLinks(origin, location.pathname, canonical, root?.languages),
    feedLink(origin, locale, site),
    // A random selection, an empty result or an answer with an invalid date is not a page to index.
    ...(p.shuffle || result.count === 0 || d.dateError ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
};

export const handle = { layout: "default", capability: "PUBLIC" };

/** The visitor's choice of showing the filter panel, kept in a cookie so that the server draws it as it will stay. */
const FILTERS_COOKIE = "teca_filters";
/** "auto": no choice made — shown beside the results on wide screens, folded away on narrow ones (CSS). */
type FiltersState = "open" | "closed" | "auto";

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const root = useRootData();
  const placeholder = root?.options.placeholder ?? DEFAULT_PLACEHOLDER;
  const navigation = useNavigation();
  const navigate = useNavigate();
  // The server draws the panel as the cookie (or, without one, the screen width through CSS) says;
  // after hydration "auto" becomes the state the CSS chose, so nothing moves.
  const dateErrorShown = loaderData.ok && loaderData.dateError !== null;
  const [filters, setFilters] = useState<FiltersState>(dateErrorShown ? "open" : loaderData.filtersState);
  useEffect(() => {
    if (filters === "auto") setFilters(matchMedia("(min-width: 900px)").matches ? "open" : "closed");
  }, [filters]);
  useEffect(() => {
    if (dateErrorShown) setFilters("open");
  }, [dateErrorShown]);
  const filtersOpen = filters !== "closed";
  const toggleFilters = () => {
    const next = filters === "closed";
    setFilters(next ? "open" : "closed");
    // biome-ignore lint/suspicious/noDocumentCookie: a preference cookie the page writes; the Cookie Store API is not in every browser the site supports
    document.cookie = `${FILTERS_COOKIE}=${next ? "1" : "0"}; Path=/; Max-Age=31536000; SameSite=Lax`;
  };
  const base = localizePath("/cerca", locale);
  // Bulk add (decision 066): signed-in users select cards; the bar's code is fetched for them only, after
  // hydration, and the check boxes appear with it (the selection needs JavaScript, so none is drawn before).
  const signedIn = Boolean(root?.workspace);
  const [selected, setSelected] = useState<Selection>(() => new Map());
  const [Bulk, setBulk] = useState<typeof BulkAddBar | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void loadBulkAdd().then((m) => live && setBulk(() => m.default));
    return () => {
      live = false;
    };
  }, [signedIn]);

  if (!loaderData.ok) {
    const e = loaderData.error;
    return (
      <div className="search">
        <h1>{t("search.title")}</h1>
        <SearchBox params={null} action={base} />
        <p className="form-error" role="alert">
          {e.messageKey ? t(e.messageKey) : t("search.invalidParam", { message: e.message })}
        </p>
        <p>
          <Link to={base}>{t("search.clearAll")}</Link>
        </p>
      </div>
    );
  }
  const { params: p, result, chipNames } = loaderData;
  const link = (over: Partial<SearchParams>) => base + searchQueryString(p, { page: 0, ...over });
  const pages = Math.max(1, Math.ceil(result.count / result.pageSize));
  const busy = navigation.state === "loading" && navigation.location?.pathname === base;
  // After a correction the results, and so the count, are those of the corrected words.
  const shownQ = result.notice?.kind === "corrected" ? result.notice.corrected : p.q;
  const activeCount =
    p.filters.length +
    (p.fromRaw || p.toRaw ? 1 : 0) +
    (p.media !== "all" ? 1 : 0) +
    (p.tablesExplicit ? p.tables.length : 0) +
    (p.bbox ? 1 : 0);
  const dateError = loaderData.dateError;
  const cardView = result.count > 0 && p.view !== "auitable" && p.view !== "map";
  const target = (c: (typeof result.data)[number]) => ({
    table: c.table,
    id: c.id,
    title: c.preferred_label,
    image: c.url.thumbnail ?? c.url.medium,
  });
  const pageTargets = cardView ? result.data.map(target) : [];
  const selectBox = (c: (typeof result.data)[number]) => {
    const key = `${c.table}/${c.id}`;
    return (
      <label className="card-select">
        <input
          type="checkbox"
          checked={selected.has(key)}
          onChange={(e) => {
            const next = new Map(selected);
            if (e.target.checked) next.set(key, target(c));
            else next.delete(key);
            setSelected(next);
          }}
        />
        <span className="visually-hidden">{t("bulk.select", { title: c.preferred_label })}</span>
      </label>
    );
  };
  return (
    <div className="search">
      <h1 className="visually-hidden">{t("search.title")}</h1>
      <SearchBox params={p} action={base} />
      <div className="search__bar">
        <button
          type="button"
          className="button search__filters-toggle"
          aria-expanded={filters === "auto" ? undefined : filtersOpen}
          aria-controls="search-filters"
          onClick={toggleFilters}
        >
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 20 20">
            <path d="M3 5h14M6 10h8M8 15h4" stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
          {t("search.filters")}
          {activeCount > 0 && <span className="search__filters-count">{activeCount}</span>}
        </button>
        <p className="search__count" role="status" aria-live="polite">
          {p.shuffle
            ? t("search.shuffle")
            : shownQ
              ? t("search.resultsFor", { count: result.count, q: shownQ })
              : t("search.results", { count: result.count })}
        </p>
        <SortForm params={p} action={base} current={result.sort} hasText={Boolean(p.q)} />
        {loaderData.switches.views && (
          <nav aria-label={t("search.view")} className="view-switch">
            {VIEWS.map((v) => (
              <Link
                key={v}
                to={link({ view: v, page: p.page })}
                aria-current={p.view === v ? "true" : undefined}
                className="button button--small"
              >
                {t(`search.view.${v}` as MessageKey)}
              </Link>
            ))}
          </nav>
        )}
        {result.count > 0 && !p.shuffle && <ExportMenu params={p} count={result.count} />}
        <SaveSearchControl params={p} />
      </div>
      {Bulk && signedIn && (cardView || selected.size > 0) ? (
        <Bulk selected={selected} page={pageTargets} onChange={setSelected} tools={<PrintLinks records={[...selected.values()]} />} />
      ) : null}
      <ActiveFilters params={p} names={chipNames} link={link} types={result.facets.types} />
      {result.dateHint && <DateSuggestion hint={result.dateHint} link={link} />}
      {dateError && (
        <p className="notice notice--error">
          {t("search.invalidDates")}: {t("search.datesIgnored")} <a href="#date-form">{t("search.fixDates")}</a>
        </p>
      )}
      <div className={`search__layout search__layout--${filters}`}>
        <aside id="search-filters" className="search__filters" hidden={filters === "closed"} aria-label={t("search.filters")}>
          <FiltersPanel
            params={p}
            facets={result.facets}
            link={link}
            action={base}
            filtriOrder={loaderData.filtriOrder}
            showTables={loaderData.switches.tables}
            dateError={dateError}
          />
        </aside>
        <section className="search__results" aria-busy={busy} aria-label={t("search.label")}>
          <SearchNotice notice={result.notice} didYouMean={result.count > 0 ? result.didYouMean : null} link={link} />
          <Timeline bars={loaderData.timelineBars} link={link} />
          {p.view === "map" && loaderData.points && (
            <MapView
              points={loaderData.points}
              tileUrl={loaderData.tiles.url}
              tileAttribution={loaderData.tiles.attribution}
              bbox={p.bbox}
              onSearchArea={(bbox) => navigate(link({ bbox }))}
              clearAreaHref={p.bbox ? link({ bbox: null }) : null}
            />
          )}
          {result.count === 0 ? (
            <NoResults params={p} didYouMean={result.didYouMean} broaden={loaderData.broaden} names={chipNames} link={link} />
          ) : p.view === "auitable" || p.view === "map" ? (
            <ResultsTable items={result.data} />
          ) : (
            <ul className={p.view === "auimasonry" ? "masonry" : "card-grid"}>
              {result.data.map((c, i) => (
                <li key={`${c.table}/${c.id}`}>
                  <RecordCard
                    card={c}
                    placeholder={placeholder}
                    variant={p.view === "auimasonry" ? "masonry" : "big"}
                    headingLevel={2}
                    eager={i === 0}
                    extra={Bulk && signedIn ? selectBox(c) : undefined}
                  />
                </li>
              ))}
            </ul>
          )}
          {pages > 1 && !p.shuffle && (
            <nav aria-label={t("search.pagination")} className="pagination">
              {p.page > 0 ? (
                <Link to={link({ page: p.page - 1 })} rel="prev" className="button">
                  {t("search.previous")}
                </Link>
              ) : (
                <span />
              )}
              <span>{t("search.pageOf", { page: p.page + 1, pages })}</span>
              {p.page + 1 < pages ? (
                <Link to={link({ page: p.page + 1 })} rel="next" className="button">
                  {t("search.next")}
                </Link>
              ) : (
                <span />
              )}
            </nav>
          )}
        </section>
      </div>
    </div>
  );
}

/**
 * The empty result: the words kept in the box above, the correction when
 * there is one, each part of the search that emptied it as a one-click
 * removal with what the search finds without it, and ways to search wider.
 */
function NoResults({
  params: p,
  didYouMean,
  broaden,
  names,
  link,
}: {
  params: SearchParams;
  didYouMean: string | null;
  broaden: Broadening[];
  names: Record<string, string>;
  link: (o: Partial<SearchParams>) => string;
}) {
  const { t } = useI18n();
  const label = (b: Broadening) => {
    switch (b.kind) {
      case "mode":
        return t("search.broaden.anyWord");
      case "q":
        return t("search.broaden.withoutWords", { q: p.q });
      case "filter":
        return t("search.broaden.without", { name: names[b.id!] ?? b.id! });
      case "dates":
        return t("search.broaden.without", { name: `${p.fromRaw || "…"} – ${p.toRaw || "…"}` });
      case "media":
        return t("search.broaden.without", { name: t(`search.media.${p.media}` as MessageKey) });
      case "table":
        return t("search.broaden.allSections");
      case "area":
        return t("search.broaden.without", { name: t("map.area") });
    }
  };
  const count = (n: number) => t("search.results", { count: n });
  return (
    <div className="empty-state">
      <h2 className="empty-state__title">{p.q ? t("search.noResultsFor", { q: p.q }) : t("search.noResults")}</h2>
      {didYouMean && <DidYouMean q={didYouMean} link={link} />}
      {broaden.length > 0 && (
        <>
          <p>{t("search.broaden")}</p>
          <ul className="broaden">
            {broaden.map((b) => (
              <li key={b.kind + (b.id ?? "")}>
                <Link to={link(b.over)} className="broaden__link">
                  <span aria-hidden="true" className="broaden__minus">
                    −
                  </span>
                  <span className="broaden__label">{label(b)}</span> <span className="broaden__count">{count(b.count)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      <h3 className="empty-state__tips">{t("search.tips")}</h3>
      <ul className="empty-state__list">
        {p.q && <li>{t("search.tipSpelling")}</li>}
        {p.q && <li>{t("search.tipFewer")}</li>}
        <li>
          <Link
            to={link({
              q: "",
              filters: [],
              fromRaw: "",
              toRaw: "",
              from: null,
              to: null,
              media: "all",
              tablesExplicit: false,
              tables: DEFAULT_SEARCH_TABLES,
              mode: "and",
            })}
          >
            {t("search.browseAll")}
          </Link>
        </li>
      </ul>
    </div>
  );
}

/**
 * What the search did beyond the literal words (a correction, relaxed words)
 * and a correction it offers. The region is always there, so that a notice
 * appearing after a client-side search is announced.
 */
function SearchNotice({
  notice,
  didYouMean,
  link,
}: {
  notice: SearchResult["notice"];
  didYouMean: string | null;
  link: (o: Partial<SearchParams>) => string;
}) {
  const { t } = useI18n();
  return (
    <div className="search__notices" aria-live="polite">
      {notice?.kind === "corrected" && <p className="notice">{t("search.corrected", { q: notice.q, corrected: notice.corrected })}</p>}
      {notice?.kind === "relaxed" && <p className="notice">{t("search.relaxed", { q: notice.q })}</p>}
      {didYouMean && <DidYouMean q={didYouMean} link={link} />}
    </div>
  );
}

/** "Did you mean «…»?" with the correction as a link to the same search with those words. */
function DidYouMean({ q, link }: { q: string; link: (o: Partial<SearchParams>) => string }) {
  const { t } = useI18n();
  // The message's placeholder becomes the link, wherever the language puts it.
  const [before, after = ""] = t("search.didYouMean", { q: "\u0000" }).split("\u0000");
  return (
    <p className="did-you-mean">
      {before}
      <Link to={link({ q })}>{q}</Link>
      {after}
    </p>
  );
}

/** The year, span or century named by the words, offered (not applied) as the date filter. */
function DateSuggestion({ hint, link }: { hint: { from: string; to: string }; link: (o: Partial<SearchParams>) => string }) {
  const { t } = useI18n();
  return (
    <p className="date-suggestion">
      <span className="date-suggestion__label">{t("search.suggestedFilter")}</span>{" "}
      <Link to={link({ fromRaw: hint.from, toRaw: hint.to })} className="chip chip--suggest">
        <span aria-hidden="true">+</span>
        {hint.from === hint.to
          ? t("search.dateSuggestionYear", { year: hint.from })
          : t("search.dateSuggestion", { from: hint.from, to: hint.to })}
      </Link>
    </p>
  );
}

/** The search narrows by more than its words (filters, dates, images, sections). */
function otherState(p: SearchParams) {
  return p.filters.length > 0 || Boolean(p.fromRaw || p.toRaw) || p.media !== "all" || p.tablesExplicit;
}

function SearchBox({ params, action }: { params: SearchParams | null; action: string }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <Form method="get" action={action} role="search" className="search-box">
      <label htmlFor={id} className="visually-hidden">
        {t("search.label")}
      </label>
      <SearchCombobox id={id} defaultValue={params?.q ?? ""} placeholder={t("search.placeholder")} />
      {params?.tablesExplicit && params.tables.map((tb) => <input key={tb} type="hidden" name="table" value={tb} />)}
      {params?.filters.map((f) => (
        <input key={f} type="hidden" name="filtro" value={f} />
      ))}
      {params?.fromRaw && <input type="hidden" name="from" value={params.fromRaw} />}
      {params?.toRaw && <input type="hidden" name="to" value={params.toRaw} />}
      {params && params.media !== "all" && <input type="hidden" name="media" value={params.media} />}
      {params && params.view !== "auigrid" && <input type="hidden" name="view" value={params.view} />}
      <SearchSubmit label={t("search.submit")} />
    </Form>
  );
}

function SortForm({ params, action, current, hasText }: { params: SearchParams; action: string; current: string; hasText: boolean }) {
  const { t } = useI18n();
  const submit = useSubmit();
  const id = useId();
  const [js, setJs] = useState(false);
  useEffect(() => setJs(true), []);
  return (
    <Form method="get" action={action} className="sort-form" onChange={(e) => submit(e.currentTarget)}>
      <HiddenState params={params} over={{ page: 0, sort: null }} />
      <label htmlFor={id}>{t("search.sort")}</label>
      <select id={id} name="sort" defaultValue={current} key={current}>
        {SORTS.filter((s) => s !== "ss" || hasText).map((s) => (
          <option key={s} value={s}>
            {t(`search.sort.${s}` as MessageKey)}
          </option>
        ))}
      </select>
      {!js && (
        <button type="submit" className="button button--small">
          {t("search.apply")}
        </button>
      )}
    </Form>
  );
}

/** The rest of the search state as hidden fields of a form that changes one part of it. */
function HiddenState({ params, over }: { params: SearchParams; over: Partial<SearchParams> }) {
  const sp = new URLSearchParams(searchQueryString(params, over));
  return (
    <>
      {[...sp.entries()].map(([k, v], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the query string's pairs: a name may repeat, its place identifies it
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}

function ActiveFilters({
  params: p,
  names,
  link,
  types,
}: {
  params: SearchParams;
  names: Record<string, string>;
  link: (o: Partial<SearchParams>) => string;
  types: SearchResult["facets"]["types"];
}) {
  const { t } = useI18n();
  const chips: { name: string; to: string }[] = [];
  if (p.q) chips.push({ name: `«${p.q}»`, to: link({ q: "" }) });
  for (const f of p.filters) {
    const name = names[f] ?? (f.startsWith("type:") ? types.find((x) => `type:${x.id}` === f)?.name : undefined) ?? f;
    chips.push({ name, to: link({ filters: p.filters.filter((x) => x !== f) }) });
  }
  if (p.fromRaw || p.toRaw) chips.push({ name: `${p.fromRaw || "…"} – ${p.toRaw || "…"}`, to: link({ fromRaw: "", toRaw: "" }) });
  if (p.media !== "all") chips.push({ name: t(`search.media.${p.media}` as MessageKey), to: link({ media: "all" }) });
  if (p.bbox) chips.push({ name: t("map.area"), to: link({ bbox: null }) });
  if (p.tablesExplicit)
    for (const tb of p.tables)
      chips.push({
        name: t(`table.${tb}` as MessageKey),
        to: link({ tables: p.tables.filter((x) => x !== tb), tablesExplicit: p.tables.length > 1 }),
      });
  if (!chips.length) return null;
  return (
    <nav aria-label={t("search.activeFilters")} className="chips">
      <ul>
        {chips.map((c) => (
          <li key={c.to}>
            <Link to={c.to} className="chip" aria-label={t("search.removeFilter", { name: c.name })}>
              {c.name} <span aria-hidden="true">×</span>
            </Link>
          </li>
        ))}
        {chips.length > 1 && (
          <li>
            <Link
              to={link({ q: "", filters: [], fromRaw: "", toRaw: "", media: "all", tablesExplicit: false, bbox: null })}
              className="chip chip--clear"
            >
              {t("search.clearAll")}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

function FiltersPanel({
  params: p,
  facets,
  link,
  action,
  filtriOrder,
  showTables,
  dateError,
}: {
  params: SearchParams;
  facets: Omit<SearchResult["facets"], "decadeSpans">;
  link: (o: Partial<SearchParams>) => string;
  action: string;
  filtriOrder: string[];
  showTables: boolean;
  dateError: DateError | null;
}) {
  const { t } = useI18n();
  const fromId = useId();
  const toId = useId();
  const toggleFilter = (id: string) => (p.filters.includes(id) ? p.filters.filter((x) => x !== id) : [...p.filters, id]);
  const toggleTable = (tb: (typeof TABLES)[number]) => {
    const current = p.tablesExplicit ? p.tables : [];
    const next = current.includes(tb) ? current.filter((x) => x !== tb) : [...current, tb];
    return { tables: next, tablesExplicit: next.length > 0 };
  };
  return (
    <div className="filters">
      <h2>{t("search.filters")}</h2>
      {showTables && (
        <section aria-labelledby="f-tables">
          <h3 id="f-tables">{t("search.tables")}</h3>
          <ul className="facet-list">
            {facets.tables.map((x) => (
              <li key={x.table}>
                <Link
                  to={link(toggleTable(x.table as (typeof TABLES)[number]))}
                  aria-current={p.tablesExplicit && p.tables.includes(x.table as never) ? "true" : undefined}
                >
                  {t(`table.${x.table}` as MessageKey)} <span className="facet-count">{x.count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="f-dates">
        <h3 id="f-dates">{t("search.dates")}</h3>
        <Form method="get" action={action} className="date-form" id="date-form" noValidate>
          <HiddenState params={p} over={{ page: 0, fromRaw: "", toRaw: "" }} />
          <p id="date-hint" className="hint">
            {t("search.dateHint")}
          </p>
          {dateError && (
            <p id="date-error" className="form-error" role="alert">
              {dateError.reversed ? t("search.reversedDates", { from: dateError.from, to: dateError.to }) : t("search.invalidDates")}
            </p>
          )}
          <div className="date-form__fields">
            <label htmlFor={fromId}>{t("search.from")}</label>
            <input
              id={fromId}
              name="from"
              defaultValue={dateError ? dateError.from : p.fromRaw}
              inputMode="numeric"
              aria-describedby={dateError ? "date-hint date-error" : "date-hint"}
              aria-invalid={dateError && (dateError.param === "from" || dateError.reversed) ? true : undefined}
              size={10}
              key={`f${dateError ? `!${dateError.from}` : p.fromRaw}`}
            />
            <label htmlFor={toId}>{t("search.to")}</label>
            <input
              id={toId}
              name="to"
              defaultValue={dateError ? dateError.to : p.toRaw}
              inputMode="numeric"
              aria-describedby={dateError ? "date-hint date-error" : "date-hint"}
              aria-invalid={dateError && (dateError.param === "to" || dateError.reversed) ? true : undefined}
              size={10}
              key={`t${dateError ? `!${dateError.to}` : p.toRaw}`}
            />
          </div>
          <button type="submit" className="button button--small">
            {t("search.applyDates")}
          </button>
        </Form>
      </section>
      <section aria-labelledby="f-media">
        <h3 id="f-media">{t("search.media")}</h3>
        <ul className="facet-list">
          {MEDIA_FILTERS.map((m) => (
            <li key={m}>
              <Link to={link({ media: m })} aria-current={p.media === m ? "true" : undefined}>
                {t(`search.media.${m}` as MessageKey)}
                {m === "con_media" && <span className="facet-count">{facets.media.withMedia}</span>}
                {m === "senza_media" && <span className="facet-count">{facets.media.withoutMedia}</span>}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {facets.types.length > 0 && (
        <section aria-labelledby="f-types">
          <h3 id="f-types">{t("search.types")}</h3>
          <ul className="facet-list">
            {facets.types.slice(0, 30).map((x) => (
              <li key={x.id}>
                <Link
                  to={link({ filters: toggleFilter(`type:${x.id}`) })}
                  aria-current={p.filters.includes(`type:${x.id}`) ? "true" : undefined}
                >
                  {x.name} <span className="facet-count">{x.count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {facets.tags.length > 0 && (
        <section aria-labelledby="f-tags">
          <h3 id="f-tags">{t("search.tags")}</h3>
          <TagTree nodes={facets.tags} params={p} link={link} order={filtriOrder} />
        </section>
      )}
    </div>
  );
}

/**
 * Filter tree: roots ordered by the configured filter order (unlisted rank
 * 100), then by name. Expanding a node loads its children (the `open`
 * parameter), so it also works without JavaScript.
 */
function TagTree({
  nodes,
  params: p,
  link,
  order,
}: {
  nodes: FacetNode[];
  params: SearchParams;
  link: (o: Partial<SearchParams>) => string;
  order: string[];
}) {
  const { t } = useI18n();
  const byParent = new Map<string | null, FacetNode[]>();
  const ids = new Set(nodes.map((n) => n.id));
  for (const n of nodes) {
    const parent = n.parentId && ids.has(n.parentId) ? n.parentId : null;
    const list = byParent.get(parent) ?? [];
    list.push(n);
    byParent.set(parent, list);
  }
  const rank = (id: string) => {
    const i = order.indexOf(id);
    return i < 0 ? 100 : i;
  };
  const toggleFilter = (id: string) => (p.filters.includes(id) ? p.filters.filter((x) => x !== id) : [...p.filters, id]);
  const render = (parent: string | null, depth: number): React.ReactNode => {
    const list = byParent.get(parent);
    if (!list?.length) return null;
    const sorted = [...list].sort((a, b) => (depth === 0 ? rank(a.id) - rank(b.id) : 0) || a.name.localeCompare(b.name));
    return (
      <ul className={depth ? "tag-tree__children" : "tag-tree"}>
        {sorted.map((n) => {
          const active = p.filters.includes(n.id);
          const childrenShown = byParent.has(n.id);
          const openList = childrenShown ? p.open.filter((o) => o !== n.id) : [...p.open, n.id];
          return (
            <li key={n.id}>
              <span className="tag-tree__row">
                {n.hasChildren ? (
                  <Link
                    to={link({ open: openList, openExplicit: true, page: p.page })}
                    preventScrollReset
                    className="tag-tree__toggle"
                    aria-expanded={childrenShown}
                    aria-label={childrenShown ? t("search.collapse", { name: n.name }) : t("search.expand", { name: n.name })}
                  >
                    <span aria-hidden="true">{childrenShown ? "▾" : "▸"}</span>
                  </Link>
                ) : (
                  <span className="tag-tree__spacer" aria-hidden="true" />
                )}
                <Link to={link({ filters: toggleFilter(n.id) })} aria-current={active ? "true" : undefined}>
                  {n.name} <span className="facet-count">{n.count}</span>
                </Link>
              </span>
              {childrenShown && render(n.id, depth + 1)}
            </li>
          );
        })}
      </ul>
    );
  };
  return <>{render(null, 0)}</>;
}

function ResultsTable({ items }: { items: SearchResult["data"] }) {
  const { t, locale } = useI18n();
  // Roles are spelled out: below 640 px the rows become stacked cards (CSS), which drops table semantics.
  // biome-ignore-start lint/a11y/noRedundantRoles: the roles keep the table's semantics once CSS stacks its rows
  return (
    <table className="results-table stack-table" role="table">
      <thead role="rowgroup">
        <tr role="row">
          <th scope="col" role="columnheader">
            {t("search.col.title")}
          </th>
          <th scope="col" role="columnheader">
            {t("search.col.type")}
          </th>
          <th scope="col" role="columnheader">
            {t("search.col.date")}
          </th>
          <th scope="col" role="columnheader">
            {t("search.col.numero")}
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {items.map((c) => (
          <tr key={`${c.table}/${c.id}`} role="row">
            <th scope="row" role="rowheader">
              <Link to={localizePath(c.link, locale)} lang={c.labelLang !== locale ? c.labelLang : undefined}>
                {c.preferred_label}
              </Link>{" "}
              <AccessLock access={c.access} />
            </th>
            <td role="cell" data-label={t("search.col.type")}>
              {c.type?.name}
            </td>
            <td role="cell" data-label={t("search.col.date")}>
              {c.dateDisplay}
            </td>
            <td role="cell" data-label={t("search.col.numero")}>
              {c.numero}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  // biome-ignore-end lint/a11y/noRedundantRoles: the roles keep the table's semantics once CSS stacks its rows
}
