import { z } from "~/lib/zod";
import { ROLE_NAMES } from "~/features/accounts";
import { contrastFailures } from "./contrast";
import { TABLES, type TableName } from "~/lib/tables";
import { OPTIONAL_LOCALES, type OptionalLocale } from "~/lib/locale";
import { DEFAULT_CAPABILITIES } from "~/lib/capabilities";
import { DATE_FORMATS } from "~/lib/dates";
import { parseSearchParams } from "~/features/search";

/**
 * The site options of spec §3 as editable items (decision 070): which settings page shows each, whether it
 * is shared by every language ('site', kept in the Italian document) or written per language ('locale',
 * Italian as the fallback), its form fields, and the zod schema its value must pass on the server. Every
 * refusal is a message key under `settings.error.*`, shown beside its field in the page's language.
 */

export const SETTINGS_PAGES = ["general", "layout", "contents", "developer"] as const;
export type SettingsPage = (typeof SETTINGS_PAGES)[number];

export type FieldType = "text" | "textarea" | "url" | "email" | "checkbox" | "color" | "select" | "code" | "json" | "image";
export type Field = { name: string; type: FieldType; max?: number; options?: readonly string[] };

type Base = {
  key: string;
  page: SettingsPage;
  scope: "site" | "locale";
  schema: z.ZodType;
  /** Field codes by table that the data model must hold (checked on the server against the catalogue). */
  fieldCodes?: true;
  /** `store: "page"`: the value is a row of the `pages` table (slug = key), not an options document's key. */
  store?: "page";
};
/** One value from one field (a string, a boolean). */
export type ScalarItem = Base & { shape: "scalar"; field: Field };
/** An object from several fields (`logo`, `colors`); `nullWhenEmpty`: every field blank gives null. */
export type ObjectItem = Base & { shape: "object"; fields: Field[]; nullWhenEmpty?: boolean };
/** A list of rows (`menu`, `footer_blocks`), edited row by row. */
export type ListItem = Base & { shape: "list"; fields: Field[]; max: number };
/** A JSON document checked against a schema (`customjs`, `detailjs`); `spread`: its keys are top-level options. */
export type JsonItem = Base & { shape: "json"; spread?: (key: string) => boolean };
export type SettingsItem = ScalarItem | ObjectItem | ListItem | JsonItem;

// ── Value rules ──────────────────────────────────────────────────────────────────────────────────────

const E = (key: string) => `settings.error.${key}`;
const text = (max: number, required = false) => {
  const s = z.string().trim().max(max, E("tooLong"));
  return required ? s.min(1, E("required")) : s;
};
const HEX = /^#[0-9a-fA-F]{6}$/;
const hex = z.string().trim().regex(HEX, E("color"));

/** A link a menu may hold: a path on this site, or an http(s) address. */
const LINK = /^(\/(?!\/)[^\s<>"]*|https?:\/\/[^\s<>"]+)$/;
const link = z.string().trim().min(1, E("required")).max(2000, E("tooLong")).regex(LINK, E("link"));
/** An image or file the page loads: a path on this site or an https address. */
const asset = z
  .string()
  .trim()
  .max(2000, E("tooLong"))
  .refine((v) => /^(\/(?!\/)[^\s<>"]*|https:\/\/[^\s<>"]+)$/.test(v), E("asset"));
const nullable = <T extends z.ZodType>(s: T) => z.union([z.null(), s]);
/** The longest custom stylesheet (`customcss`) that may be saved. */
export const CUSTOM_CSS_MAX = 50_000;

const hostIn = (hosts: string[]) => (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === "https:" && hosts.includes(u.hostname) && !u.username && !u.password;
  } catch {
    return false;
  }
};
export const YOUTUBE_HOSTS = ["www.youtube.com", "youtube.com", "www.youtube-nocookie.com", "youtube-nocookie.com", "youtu.be"];
export const VIMEO_HOSTS = ["vimeo.com", "www.vimeo.com", "player.vimeo.com"];

// Patterns run on RE2 (decision 079); the server's check (SERVER_CHECKS in settings.server.ts) compiles them
// there, which keeps the engine out of the browser's bundle.
const pattern = z.string();

// the formats of days (app/lib/dates.ts, decision 112): a closed list
export { DATE_FORMATS };
export const BACKGROUND_TYPES = ["none", "image", "video"] as const;

const colorsSchema = z
  .object({ primary: hex, primaryDark: hex, primaryLight: hex })
  .strict()
  .superRefine((c, ctx) => {
    for (const f of contrastFailures(c))
      ctx.addIssue({
        code: "custom",
        path: [f.field],
        message: E("contrast"),
        params: { pair: f.pair, ratio: f.ratio, fg: f.fg, bg: f.bg },
      });
  });

const logoSchema = nullable(z.object({ url: asset, alt: text(300, true) }).strict());

const menuRow = z.object({ label: text(100, true), path: link }).strict();
const footerRow = z
  .object({ title: text(100), text: text(2000) })
  .strict()
  .refine((r) => r.title || r.text, { message: E("emptyRow") });

// customjs: the configuration keys of spec §3 (never executed as code).
const SORTS = ["ss", "on", "no", "az", "za", "taz", "tza", "wm", "nm"] as const;
const codes = z.array(z.string().trim().min(1).max(200)).max(200);
const roleQueryKeys = ROLE_NAMES.map((r) => `query_${r}`);
export const CUSTOMJS_KEYS = [
  "showTipologia",
  "orderBy",
  "noRelevance",
  "switchItems",
  "switchTable",
  "query",
  "queryAlbero",
  "metadatiCard",
  "tagCard",
  "searchType",
  "hide",
  "order",
  "label",
  "more",
  "filtriOrder",
  "regexFiltriInit",
  "timeline",
  "semaforo",
  "excludedTypes",
  ...roleQueryKeys,
] as const;

/** A search query string (`query`, `query_{role}`, `queryAlbero`): one the search page would accept, or nothing. */
const searchQuery = z
  .string()
  .max(2000)
  .refine((v) => !v.trim() || parseSearchParams(new URLSearchParams(v.trim())).ok, E("query"));

const customjsSchema = z
  .object({
    showTipologia: z.boolean(),
    orderBy: z.enum(SORTS),
    noRelevance: z.boolean(),
    switchItems: z.boolean(),
    switchTable: z.boolean(),
    query: searchQuery,
    queryAlbero: searchQuery,
    metadatiCard: codes,
    tagCard: codes,
    searchType: z.enum(["and", "or"]),
    hide: codes,
    order: codes,
    label: z.record(z.string().max(200), z.string().max(200)),
    more: codes,
    filtriOrder: codes,
    regexFiltriInit: pattern,
    timeline: z
      .object({ from: z.number().int().min(-5000).max(3000), to: z.number().int().min(-5000).max(3000) })
      .strict()
      .refine((t) => t.from < t.to, { message: E("timeline"), path: ["to"] }),
    semaforo: z
      .array(
        z
          .object({
            id: z.string().trim().min(1).max(100).optional(),
            path: z.string().trim().min(1).max(500),
            colore: hex,
            frase: z.string().max(2000),
            fraseCorta: z.string().max(100),
          })
          .strict(),
      )
      .max(50),
    excludedTypes: z.array(z.number().int()).max(200),
    ...Object.fromEntries(roleQueryKeys.map((k) => [k, searchQuery])),
  })
  .partial()
  .strict();

/**
 * customfont (spec §3): a choice among the bundled fonts and system stacks, never a file or a URL (decision
 * 075): what a page loads stays what the build ships, and the value can only ever be one of these words.
 */
export const FONT_CHOICES = ["default", "sans", "serif", "system", "classic"] as const;
export type FontChoice = (typeof FONT_CHOICES)[number];

/** summaryPimcore / summaryHeader (spec §3 'Summary'): per table, the field codes of its summary or header. */
const FIELD_CODE = /^[A-Za-z0-9_.:-]{1,100}$/;
const fieldsByTable = (max: number) =>
  z
    .record(
      z.string().refine((t) => (TABLES as readonly string[]).includes(t), E("table")),
      z.array(z.string().trim().regex(FIELD_CODE, E("fieldCode"))).max(max),
    )
    .superRefine((o, ctx) => {
      for (const [t, list] of Object.entries(o))
        if (new Set(list).size !== list.length) ctx.addIssue({ code: "custom", path: [t], message: E("duplicateCode") });
    });
export type FieldsByTable = Partial<Record<TableName, string[]>>;

const detailjsSchema = z
  .object({ dateLabel: z.string().max(200), filtroHighlight: codes })
  .partial()
  .strict();

// The home page (edited in place, decision 074): its hero and sections, one document per language.
export const SECTION_BACKGROUNDS = ["transparent", "white", "primary", "primaryLight", "grayLight", "grayDark", "black"] as const;
/** How a records section of the home page shows its records (decision 118). */
export const SECTION_DISPLAYS = ["grid", "carousel"] as const;
export const HERO_LINKS_MAX = 3;
export const HOME_SECTIONS_MAX = 30;
export const SECTION_REFS_MAX = 100;
/** Stories one home section may show (decision 116). */
export const SECTION_STORIES_MAX = 12;
const storySlug = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,199}$/, E("invalid"));
const recordRef = z
  .object({
    table: z
      .string()
      .trim()
      .regex(/^[a-z_]{1,40}$/, E("invalid")),
    id: z.string().trim().min(1, E("required")).max(200, E("tooLong")),
  })
  .strict();
const heroLink = z.object({ label: text(100, true), path: link }).strict();
const sectionFields = {
  title: text(200),
  text: z.string().max(5000, E("tooLong")).optional(),
  /** Rich text from the editor, sanitised on the server before it is stored (settings.server.ts). */
  html: z.string().max(20000, E("tooLong")).optional(),
  background: z.enum(SECTION_BACKGROUNDS, E("choice")).optional(),
  visible: z.boolean().optional(),
};
export const homeSchema = z
  .object({
    hero: z
      .object({
        title: text(200),
        subtitle: text(500).optional(),
        image: z.union([z.null(), recordRef]).optional(),
        cta: z.union([z.null(), heroLink]).optional(),
        links: z.array(heroLink).max(HERO_LINKS_MAX, E("tooMany")).optional(),
      })
      .strict(),
    sections: z
      .array(
        z.discriminatedUnion("kind", [
          z
            .object({
              kind: z.literal("records"),
              ...sectionFields,
              refs: z.array(recordRef).max(SECTION_REFS_MAX, E("tooMany")),
              display: z.enum(SECTION_DISPLAYS, E("choice")).optional(),
            })
            .strict(),
          z.object({ kind: z.literal("text"), ...sectionFields }).strict(),
          z.object({ kind: z.literal("mediaSample"), ...sectionFields }).strict(),
          z
            .object({
              kind: z.literal("stories"),
              ...sectionFields,
              stories: z
                .array(storySlug)
                .max(SECTION_STORIES_MAX, E("tooMany"))
                .refine((l) => new Set(l).size === l.length, E("invalid")),
            })
            .strict(),
        ]),
      )
      .max(HOME_SECTIONS_MAX, E("tooMany")),
  })
  .strict();

/** Where the admin bar's catalogue link goes: a path on this site or an http(s) address. */
const adminLink = z.string().trim().max(2000, E("tooLong")).regex(LINK, E("link"));

// ── The items ─────────────────────────────────────────────────────────────────────────────────────────

const bool = z.boolean();

export const SETTINGS_ITEMS: readonly SettingsItem[] = [
  // general
  {
    key: "title",
    page: "general",
    scope: "locale",
    shape: "scalar",
    field: { name: "title", type: "text", max: 200 },
    schema: text(200, true),
  },
  {
    key: "description",
    page: "general",
    scope: "locale",
    shape: "scalar",
    field: { name: "description", type: "textarea", max: 500 },
    schema: text(500),
  },
  {
    key: "logo",
    page: "general",
    scope: "locale",
    shape: "object",
    nullWhenEmpty: true,
    fields: [
      { name: "url", type: "url", max: 2000 },
      { name: "alt", type: "text", max: 300 },
    ],
    schema: logoSchema,
  },
  {
    key: "logo2",
    page: "general",
    scope: "locale",
    shape: "object",
    nullWhenEmpty: true,
    fields: [
      { name: "url", type: "url", max: 2000 },
      { name: "alt", type: "text", max: 300 },
    ],
    schema: logoSchema,
  },
  // the admin bar (decision 074)
  {
    key: "adminUrl",
    page: "general",
    scope: "site",
    shape: "scalar",
    field: { name: "adminUrl", type: "text", max: 2000 },
    schema: nullable(adminLink),
  },
  { key: "adminNewTab", page: "general", scope: "site", shape: "scalar", field: { name: "adminNewTab", type: "checkbox" }, schema: bool },
  { key: "hideEdit", page: "general", scope: "site", shape: "scalar", field: { name: "hideEdit", type: "checkbox" }, schema: bool },
  {
    key: "dateFormat",
    page: "general",
    scope: "site",
    shape: "scalar",
    field: { name: "dateFormat", type: "select", options: DATE_FORMATS },
    schema: z.enum(DATE_FORMATS, E("choice")),
  },
  {
    key: "languages",
    page: "general",
    scope: "site",
    shape: "object",
    fields: OPTIONAL_LOCALES.map((l) => ({ name: l, type: "checkbox" as const })),
    schema: z.object(Object.fromEntries(OPTIONAL_LOCALES.map((l) => [l, bool])) as Record<OptionalLocale, typeof bool>).strict(),
  },
  {
    key: "multilanguage",
    page: "general",
    scope: "site",
    shape: "scalar",
    field: { name: "multilanguage", type: "checkbox" },
    schema: bool,
  },
  {
    key: "disableShuffle",
    page: "general",
    scope: "site",
    shape: "scalar",
    field: { name: "disableShuffle", type: "checkbox" },
    schema: bool,
  },
  { key: "annotations", page: "general", scope: "site", shape: "scalar", field: { name: "annotations", type: "checkbox" }, schema: bool },
  { key: "registro", page: "general", scope: "site", shape: "scalar", field: { name: "registro", type: "checkbox" }, schema: bool },
  {
    key: "richiediimmagine_email",
    page: "general",
    scope: "site",
    shape: "scalar",
    field: { name: "richiediimmagine_email", type: "email", max: 320 },
    schema: nullable(z.string().trim().max(320, E("tooLong")).email(E("email"))),
  },
  {
    // the terms of reproduction requests: a content page's slug (decision 099)
    key: "richiediimmagine_terms",
    page: "general",
    scope: "site",
    shape: "scalar",
    field: { name: "richiediimmagine_terms", type: "text", max: 80 },
    schema: nullable(
      z
        .string()
        .trim()
        .toLowerCase()
        .max(80, E("tooLong"))
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, E("slug")),
    ),
  },
  // the downloads' watermark image (decision 098): an upload, kept as the name of a PNG under DATA_DIR/watermark
  {
    key: "watermarkImage",
    page: "general",
    scope: "site",
    shape: "scalar",
    field: { name: "watermarkImage", type: "image" },
    schema: nullable(z.string().regex(/^[0-9a-f]{32}\.png$/, E("image"))),
  },
  // layout
  {
    key: "colors",
    page: "layout",
    scope: "site",
    shape: "object",
    fields: [
      { name: "primary", type: "color" },
      { name: "primaryDark", type: "color" },
      { name: "primaryLight", type: "color" },
    ],
    schema: colorsSchema,
  },
  {
    key: "customfont",
    page: "layout",
    scope: "site",
    shape: "scalar",
    field: { name: "customfont", type: "select", options: FONT_CHOICES },
    schema: z.enum(FONT_CHOICES, E("choice")),
  },
  {
    key: "menu",
    page: "layout",
    scope: "locale",
    shape: "list",
    max: 100,
    fields: [
      { name: "label", type: "text", max: 100 },
      { name: "path", type: "text", max: 2000 },
    ],
    schema: z.array(menuRow).max(100, E("tooMany")),
  },
  {
    key: "menu_footer",
    page: "layout",
    scope: "locale",
    shape: "list",
    max: 100,
    fields: [
      { name: "label", type: "text", max: 100 },
      { name: "path", type: "text", max: 2000 },
    ],
    schema: z.array(menuRow).max(100, E("tooMany")),
  },
  {
    key: "footer_blocks",
    page: "layout",
    scope: "locale",
    shape: "list",
    max: 10,
    fields: [
      { name: "title", type: "text", max: 100 },
      { name: "text", type: "textarea", max: 2000 },
    ],
    schema: z.array(footerRow).max(10, E("tooMany")),
  },
  {
    key: "disable_footer",
    page: "layout",
    scope: "site",
    shape: "scalar",
    field: { name: "disable_footer", type: "checkbox" },
    schema: bool,
  },
  {
    key: "background",
    page: "layout",
    scope: "site",
    shape: "object",
    nullWhenEmpty: true,
    fields: [
      { name: "type", type: "select", options: BACKGROUND_TYPES },
      { name: "url", type: "url", max: 2000 },
      { name: "poster", type: "url", max: 2000 },
    ],
    // The video plays from the site (the CSP's media-src 'self'); an image, or the video's poster, may be https
    // (img-src). Shown behind the default layout's pages (shell/background.ts, decision 107).
    schema: nullable(
      z
        .object({
          type: z.enum(BACKGROUND_TYPES, E("choice")),
          url: z.union([z.literal(""), asset]),
          poster: z.union([z.literal(""), asset]).optional(),
        })
        .strict()
        .refine((b) => b.type === "none" || b.url, { message: E("required"), path: ["url"] })
        .refine((b) => b.type !== "video" || !b.url || b.url.startsWith("/"), { message: E("videoLocal"), path: ["url"] }),
    ),
  },
  // contents
  {
    key: "placeholder",
    page: "contents",
    scope: "site",
    shape: "scalar",
    field: { name: "placeholder", type: "url", max: 2000 },
    schema: nullable(asset),
  },
  {
    key: "placeholderRelated",
    page: "contents",
    scope: "site",
    shape: "scalar",
    field: { name: "placeholderRelated", type: "url", max: 2000 },
    schema: nullable(asset),
  },
  {
    key: "youtube_url",
    page: "contents",
    scope: "site",
    shape: "scalar",
    field: { name: "youtube_url", type: "url", max: 500 },
    schema: nullable(z.string().trim().max(500, E("tooLong")).refine(hostIn(YOUTUBE_HOSTS), E("youtube"))),
  },
  {
    key: "vimeo_url",
    page: "contents",
    scope: "site",
    shape: "scalar",
    field: { name: "vimeo_url", type: "url", max: 500 },
    schema: nullable(z.string().trim().max(500, E("tooLong")).refine(hostIn(VIMEO_HOSTS), E("vimeo"))),
  },
  {
    key: "analytics",
    page: "contents",
    scope: "site",
    shape: "object",
    fields: [
      { name: "heritagerating", type: "checkbox" },
      { name: "accuracy", type: "checkbox" },
    ],
    schema: z.object({ heritagerating: bool, accuracy: bool }).strict(),
  },
  { key: "summaryPimcore", page: "contents", scope: "site", shape: "json", schema: fieldsByTable(30), fieldCodes: true },
  { key: "summaryHeader", page: "contents", scope: "site", shape: "json", schema: fieldsByTable(8), fieldCodes: true },
  {
    key: "matomo_site_id",
    page: "contents",
    scope: "site",
    shape: "scalar",
    field: { name: "matomo_site_id", type: "text", max: 10 },
    schema: nullable(
      z
        .string()
        .trim()
        .regex(/^[1-9]\d{0,8}$/, E("siteId")),
    ),
  },
  // developer
  {
    key: "customcss",
    page: "developer",
    scope: "site",
    shape: "scalar",
    field: { name: "customcss", type: "code", max: CUSTOM_CSS_MAX },
    // Only the length here: the stylesheet is read with a CSS parser on the server (css-safety.server.ts,
    // SERVER_CHECKS in settings.server.ts), which keeps the parser out of the browser's bundle.
    schema: z.string().max(CUSTOM_CSS_MAX, E("css.tooLong")),
  },
  {
    key: "customjs",
    page: "developer",
    scope: "locale",
    shape: "json",
    schema: customjsSchema,
    spread: (k) => (CUSTOMJS_KEYS as readonly string[]).includes(k),
  },
  { key: "detailjs", page: "developer", scope: "locale", shape: "json", schema: detailjsSchema },
  // the home page's hero and sections, edited in place (decision 074); its history is shown here
  { key: "home", page: "contents", scope: "locale", shape: "json", store: "page", schema: homeSchema },
  // Options the code read with no field here until issue 34 §6 (decision 109): the map's tiles, the fields kept from
  // visitors, the sanitised search, the roles that must use two-step verification.
  {
    key: "tileUrl",
    page: "layout",
    scope: "site",
    shape: "scalar",
    field: { name: "tileUrl", type: "text", max: 500 },
    // empty: no tile server (the bundled outlines); a path on the site or an https template with {z}, {x} and {y}
    schema: z
      .string()
      .trim()
      .max(500, E("tooLong"))
      .refine(
        (v) => v === "" || (/^(\/(?!\/)|https:\/\/)[^\s<>"']+$/.test(v) && ["{z}", "{x}", "{y}"].every((p) => v.includes(p))),
        E("tiles"),
      ),
  },
  {
    key: "tileAttribution",
    page: "layout",
    scope: "site",
    shape: "scalar",
    field: { name: "tileAttribution", type: "text", max: 300 },
    schema: text(300),
  },
  { key: "sanitize", page: "developer", scope: "site", shape: "scalar", field: { name: "sanitize", type: "checkbox" }, schema: bool },
  {
    key: "internalFields",
    page: "developer",
    scope: "site",
    shape: "json",
    schema: z.array(z.string().trim().min(1, E("required")).max(200, E("tooLong"))).max(200, E("tooMany")),
  },
  {
    key: "require2faFor",
    page: "developer",
    scope: "site",
    shape: "scalar",
    field: { name: "require2faFor", type: "text", max: 500 },
    // capability names, separated by commas (the environment's REQUIRE_2FA_FOR adds to them)
    schema: z
      .string()
      .trim()
      .max(500, E("tooLong"))
      .refine(
        (v) =>
          v
            .split(",")
            .map((x) => x.trim())
            .filter(Boolean)
            .every((x) => Object.hasOwn(DEFAULT_CAPABILITIES, x)),
        E("capabilities"),
      ),
  },
  {
    key: "patternPassword",
    page: "developer",
    scope: "site",
    shape: "scalar",
    field: { name: "patternPassword", type: "text", max: 300 },
    schema: nullable(pattern),
  },
];

export type ItemKey = string;
export const itemNamed = (key: string) => SETTINGS_ITEMS.find((i) => i.key === key) ?? null;
export const itemsOf = (page: SettingsPage) => SETTINGS_ITEMS.filter((i) => i.page === page);

/** What an item holds before anyone saves it (the defaults of app/features/site/options.ts where they exist). */
export function emptyValue(item: SettingsItem): unknown {
  if (item.shape === "list") return [];
  if (item.shape === "json") return {};
  if (item.shape === "object")
    return item.nullWhenEmpty ? null : Object.fromEntries(item.fields.map((f) => [f.name, f.type === "checkbox" ? false : ""]));
  if (item.field.type === "checkbox") return false;
  return item.schema.safeParse(null).success ? null : "";
}

// ── From a form to a value ────────────────────────────────────────────────────────────────────────────

type FormLike = { get(name: string): FormDataEntryValue | null; getAll(name: string): FormDataEntryValue[]; has(name: string): boolean };
const str = (v: FormDataEntryValue | null | undefined) => (typeof v === "string" ? v : "");

/** A JSON text that is not JSON: refused before the schema is asked. */
export class JsonSyntaxError extends Error {}

/**
 * The value a posted form describes (before validation). Blank optional fields become null; a list's rows
 * come as repeated fields in order, with wholly blank rows dropped (spec §5: empty rows are stripped).
 */
export function valueFromForm(item: SettingsItem, form: FormLike): unknown {
  if (item.shape === "scalar") {
    if (item.field.type === "checkbox") return form.has(item.field.name);
    // an upload (the watermark image): the route stores the file and posts its name under `${name}.stored`
    if (item.field.type === "image")
      return form.has(`${item.field.name}.remove`) ? null : str(form.get(`${item.field.name}.stored`)) || null;
    const v = str(form.get(item.field.name));
    const trimmed = item.field.type === "code" ? v : v.trim();
    if (trimmed === "" && item.schema.safeParse(null).success) return null;
    return trimmed;
  }
  if (item.shape === "object") {
    const out: Record<string, unknown> = {};
    for (const f of item.fields) out[f.name] = f.type === "checkbox" ? form.has(f.name) : str(form.get(f.name)).trim();
    if (item.nullWhenEmpty && item.fields.every((f) => f.type === "checkbox" || f.type === "select" || out[f.name] === "")) return null;
    return out;
  }
  if (item.shape === "list") return rowsFromForm(item, form).filter((r) => item.fields.some((f) => String(r[f.name] ?? "").trim() !== ""));
  const raw = str(form.get("json")).trim();
  if (!raw) return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch (err) {
    throw new JsonSyntaxError(err instanceof Error ? err.message : "JSON");
  }
}

/** A list's rows as posted (blank rows kept: the editor shows them until saved). */
export function rowsFromForm(item: ListItem, form: FormLike): Record<string, string>[] {
  const columns = item.fields.map((f) => form.getAll(f.name).map(str));
  const n = Math.min(Math.max(0, ...columns.map((c) => c.length)), item.max + 1);
  return Array.from({ length: n }, (_, i) => Object.fromEntries(item.fields.map((f, k) => [f.name, columns[k]![i] ?? ""])));
}

/** A list editor's operation without JavaScript: the rows after `add`, `remove:i`, `up:i` or `down:i`. */
export function applyRowOp<T>(rows: T[], op: string, blank: () => T, max: number): T[] | null {
  const out = [...rows];
  if (op === "add") {
    if (out.length >= max) return out;
    out.push(blank());
    return out;
  }
  const m = /^(remove|up|down):(\d{1,3})$/.exec(op);
  if (!m) return null;
  const i = Number(m[2]);
  if (i >= out.length) return out;
  if (m[1] === "remove") out.splice(i, 1);
  else {
    const j = m[1] === "up" ? i - 1 : i + 1;
    if (j < 0 || j >= out.length) return out;
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

// ── Messages ──────────────────────────────────────────────────────────────────────────────────────────

export type FieldMessage = { key: string; params?: Record<string, string | number> };

/** The zod issues of a value as messages per field: `url`, `rows.2.path`, `json` (JSON items: all of them). */
export function issueMessages(item: SettingsItem, error: z.ZodError): Record<string, FieldMessage[]> {
  const out: Record<string, FieldMessage[]> = {};
  const add = (field: string, m: FieldMessage) => (out[field] ??= []).push(m);
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    const own = issue.message.startsWith("settings.");
    const params: Record<string, string | number> = { path: path.join(".") || "—" };
    const extra = (issue as { params?: Record<string, string | number> }).params;
    if (extra) Object.assign(params, extra);
    const i = issue as unknown as { maximum?: number | bigint; minimum?: number | bigint; keys?: string[]; expected?: string };
    if (i.maximum !== undefined) params.max = Number(i.maximum);
    if (i.minimum !== undefined) params.min = Number(i.minimum);
    let key = own ? issue.message : "settings.error.invalid";
    if (item.shape === "json") {
      if (!own) {
        if (issue.code === "unrecognized_keys") {
          key = "settings.error.json.unknownKey";
          params.keys = (i.keys ?? []).join(", ");
        } else if (issue.code === "invalid_type") {
          key = "settings.error.json.type";
          params.expected = String(i.expected ?? "");
        } else if (issue.code === "too_big") key = "settings.error.json.tooBig";
        else if (issue.code === "too_small") key = "settings.error.json.tooSmall";
        else key = "settings.error.json.invalid";
      }
      add("json", { key, params });
      continue;
    }
    if (!own) {
      if (issue.code === "too_big") key = "settings.error.tooLong";
      else if (issue.code === "invalid_type") key = "settings.error.required";
    }
    const field =
      item.shape === "list"
        ? path.length >= 2
          ? `rows.${path[0]}.${path[1]}`
          : path.length === 1
            ? `rows.${path[0]}`
            : "form"
        : item.shape === "object"
          ? (path[0] ?? "form")
          : item.field.name;
    add(field, { key, params });
  }
  return out;
}

// ── Drafts: what an editor shows (a current value, or what was posted) ───────────────────────────────

/** An editor's contents: a field's text or checkbox, an object's fields, a list's rows, a JSON text. */
export type Draft = string | boolean | Record<string, string | boolean> | Record<string, string>[];

/** The draft of a stored value. */
export function draftOf(item: SettingsItem, value: unknown): Draft {
  if (item.shape === "json") return value && typeof value === "object" && Object.keys(value).length ? JSON.stringify(value, null, 2) : "";
  if (item.shape === "list") {
    const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
    return rows.map((r) =>
      Object.fromEntries(item.fields.map((f) => [f.name, typeof r?.[f.name] === "string" ? (r[f.name] as string) : ""])),
    );
  }
  if (item.shape === "object") {
    const o = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
    return Object.fromEntries(
      item.fields.map((f) => [
        f.name,
        f.type === "checkbox"
          ? o[f.name] === true
          : typeof o[f.name] === "string"
            ? (o[f.name] as string)
            : f.type === "select"
              ? (f.options?.[0] ?? "")
              : "",
      ]),
    );
  }
  if (item.field.type === "checkbox") return value === true;
  return typeof value === "string" ? value : "";
}

/** The draft a posted form holds (rows kept even when blank, the JSON text as typed). */
export function draftFromForm(item: SettingsItem, form: FormLike): Draft {
  if (item.shape === "json") return str(form.get("json"));
  if (item.shape === "list") return rowsFromForm(item, form);
  if (item.shape === "object")
    return Object.fromEntries(item.fields.map((f) => [f.name, f.type === "checkbox" ? form.has(f.name) : str(form.get(f.name))]));
  if (item.field.type === "checkbox") return form.has(item.field.name);
  return str(form.get(item.field.name));
}
