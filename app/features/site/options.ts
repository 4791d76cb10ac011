import type { Locale } from "~/lib/locale";
import type { LocalizedText } from "../../../db/schema/types";

export type MenuItem = { label: string; path: string };
export type FooterBlock = { title: string; text: string };
export type SemaforoEntry = { id: string; path: string; colore: string; frase: string; fraseCorta: string };

/** The per-language texts the header and the footer show. */
export const TEXT_OPTION_KEYS = ["title", "description", "menu", "menu_footer", "footer_blocks"] as const;
export type TextOptionKey = (typeof TEXT_OPTION_KEYS)[number];

/** Site options (spec §3) as the interface uses them; stored per locale as JSON. */
export type SiteOptions = {
  /**
   * The language each per-language text option was read in (its own document, else Italian: decision 070),
   * so that a text shown in another language than the page's is marked with its `lang`. Set when read.
   */
  textLang?: Partial<Record<TextOptionKey, Locale>>;
  title: string;
  description: string;
  logo: { url: string; alt: string } | null;
  logo2: { url: string; alt: string } | null;
  menu: MenuItem[];
  menu_footer: MenuItem[];
  footer_blocks: FooterBlock[];
  disable_footer: boolean;
  colors: { primary: string; primaryDark: string; primaryLight: string };
  placeholder: string | null;
  placeholderRelated: string | null;
  youtube_url: string | null;
  vimeo_url: string | null;
  multilanguage: boolean;
  /** The further languages enabled beside Italian (decision 075). */
  languages: Record<"en" | "fr" | "de", boolean>;
  disableShuffle: boolean;
  /** How a day is written on every page (app/lib/dates.ts DATE_FORMATS; decision 112). */
  dateFormat: string;
  semaforo: SemaforoEntry[];
  /** Search: type ids never shown (default 265). */
  excludedTypes: number[];
  /** Search: no relevance sort even with text. */
  noRelevance: boolean;
  /** Cards: the record's type above its title (customjs `showTipologia`; false hides it; decision 103). */
  showTipologia?: boolean;
  /** Search: the order of results when the visitor picks none (a sort code: ss, az, on, …; decision 103). */
  orderBy?: string;
  /** Search: how the words combine when the address names no mode ("and": every word; "or": any; decision 112). */
  searchType?: "and" | "or";
  /** Search page: false hides the view switch (grid, masonry, table, map; customjs `switchItems`, decision 112). */
  switchItems?: boolean;
  /** Search page: false hides the choice of sections (the catalogue's tables; customjs `switchTable`, decision 112). */
  switchTable?: boolean;
  /** Cards: the metadata field codes every card shows under its title (customjs `metadatiCard`, decision 112). */
  metadatiCard?: string[];
  /** Cards: the facets (tag tree tops) whose tags every card shows (customjs `tagCard`, decision 112). */
  tagCard?: string[];
  /** Search: the filter tree shows only the facets this query string's `filtro` values name (customjs `queryAlbero`, decision 113). */
  queryAlbero?: string;
  /** Search: the facets whose id or name this pattern matches are open when the address says nothing (`regexFiltriInit`, decision 113). */
  regexFiltriInit?: string;
  /** Sanitised mode: strip scripts and script links from query values. */
  sanitize: boolean;
  /** Timeline span in years. */
  timeline: { from: number; to: number };
  /** Filter (tag root) order; unlisted roots rank 100. */
  filtriOrder: string[];
  /**
   * Map tiles ({z}/{x}/{y} template: https, or a path on this site) and their attribution. Empty: no tile
   * server, the map draws the bundled basemap (Natural Earth outlines), as it does when the server does not answer.
   */
  tileUrl: string;
  tileAttribution: string;
  /** The admin bar (decision 074): the catalogue link (null: the default), opened in a new tab; no edit switch. */
  adminUrl: string | null;
  adminNewTab: boolean;
  hideEdit: boolean;
  /** The collection register (`/registro`, spec §6: with MANAGE_USERS; issue 32 §4, decision 099). */
  registro: boolean;
  /**
   * The watermark image of downloads (decision 098): the name of a PNG kept under DATA_DIR/watermark, uploaded
   * in /settings; null: the site's name and the record's licence are written instead.
   */
  watermarkImage: string | null;
  /**
   * Reproduction requests (spec §6 `richiediimmagine_email`; issue 32 §3, decision 099): the rights office's
   * address; empty, requests are off (the form, `/requests` and its menu entry answer 404 / are absent).
   */
  richiediimmagine_email?: string | null;
  /** The content page (its slug) whose terms a requester accepts; linked from the request form. */
  richiediimmagine_terms?: string | null;
  /** Visit statistics: this site's id in the Matomo server MATOMO_URL names (decision 102); null: MATOMO_SITE_ID. */
  matomo_site_id?: string | null;
  /** The analytics pages (spec §2; decision 108): `heritagerating` shows /analytics/footprint, `accuracy` /analytics/accuracy. */
  analytics?: { heritagerating?: boolean; accuracy?: boolean } | null;
  /** Annotations (`/annotazioni` and the notes on record pages, spec §6: with MANAGE_ANNOTATIONS; issue 32 §1, decision 097). */
  annotations: boolean;
  /** Base search query (a query string); `query_{role}` entries may override it per role. */
  query?: string;
  /**
   * Capability names (e.g. ["MANAGE_USERS", "ADMIN"], or the same comma-separated) whose holders must use
   * two-step verification: added to the environment's REQUIRE_2FA_FOR (decision 048).
   */
  require2faFor?: string[] | string;
};

export const DEFAULT_OPTIONS: SiteOptions = {
  title: "Teca",
  description: "",
  logo: null,
  logo2: null,
  menu: [],
  menu_footer: [],
  footer_blocks: [],
  disable_footer: false,
  colors: { primary: "#8a2f1d", primaryDark: "#5e1f13", primaryLight: "#f6e9e4" },
  placeholder: null,
  placeholderRelated: null,
  youtube_url: null,
  vimeo_url: null,
  multilanguage: true,
  languages: { en: true, fr: true, de: false },
  disableShuffle: false,
  dateFormat: "D MMMM YYYY",
  semaforo: [],
  excludedTypes: [265],
  noRelevance: false,
  sanitize: true,
  timeline: { from: 1700, to: 2030 },
  filtriOrder: [],
  tileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  tileAttribution: "© OpenStreetMap contributors",
  adminUrl: null,
  adminNewTab: false,
  hideEdit: false,
  registro: false,
  watermarkImage: null,
  annotations: false,
};

/** Default placeholder shown when an image is missing or fails to load. */
export const DEFAULT_PLACEHOLDER = "/placeholder.svg";

/** `html`: rich text from the in-place editor (sanitised on the server), shown instead of `text`. */
export type HomeSection =
  | {
      kind: "records";
      title: string;
      text?: string;
      html?: string;
      background?: string;
      visible?: boolean;
      refs: { table: string; id: string }[];
      /** How the records are shown: a grid (the default) or the content carousel (decision 118). */
      display?: "grid" | "carousel";
    }
  | { kind: "text"; title: string; text?: string; html?: string; background?: string; visible?: boolean }
  | { kind: "mediaSample"; title: string; text?: string; html?: string; background?: string; visible?: boolean }
  /** Published stories chosen for the home page, by their published slugs, in order (decision 116). */
  | { kind: "stories"; title: string; text?: string; html?: string; background?: string; visible?: boolean; stories: string[] };

export type HomeContent = {
  hero: { title: string; subtitle?: string; image?: { table: string; id: string } | null; cta?: MenuItem | null; links?: MenuItem[] };
  sections: HomeSection[];
};

export type { LocalizedText };
