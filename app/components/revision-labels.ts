import type { MessageKey, Translate } from "~/i18n";
import type { FieldPath } from "~/lib/field-diff";
import { isTable } from "~/lib/tables";

/**
 * The names a revision history gives the fields of a value (issue 31 §4): `sections.1.refs.1.table` reads
 * "Sezione 2 · Scheda collegata 2 · Sezione dell'archivio", in the interface language; a list's positions
 * count from 1, and a list's name is said by its rows ("Voce 3" for the third entry of the menu). Values are
 * said in words too: yes/no, a table by its name, a section's kind and background by theirs, nothing as
 * "(vuoto)". A name the history does not know (a key of a JSON configuration) stays as written.
 */

/** Field names that have a message `history.field.<name>`. */
const FIELDS = [
  "hero",
  "title",
  "subtitle",
  "image",
  "cta",
  "label",
  "path",
  "kind",
  "text",
  "html",
  "background",
  "visible",
  "table",
  "id",
  "url",
  "alt",
  "type",
  "description",
  "format",
  "published",
  "source",
] as const;
/** Settings' own field names (`settings.field.<name>`): colours, analytics, languages. */
const SETTINGS_FIELDS = ["primary", "primaryDark", "primaryLight", "heritagerating", "accuracy", "en", "fr", "de", "poster"] as const;
/** Lists whose rows have a name (`history.row.<list>`, with {n}); others' rows are "Elemento {n}". */
const ROWS = ["sections", "refs", "links", "menu", "menu_footer", "footer_blocks", "semaforo"] as const;
const KINDS = ["records", "text", "mediaSample"] as const;
const BACKGROUNDS = ["transparent", "white", "primary", "primaryLight", "grayLight", "grayDark", "black"] as const;

const has = <T extends string>(list: readonly T[], v: unknown): v is T => typeof v === "string" && (list as readonly string[]).includes(v);

/**
 * The parts of a field's name, outermost first: `item` is the history's item (`home`, `menu`, `page`), which
 * names the rows of a value that is itself a list. An empty path (the whole value) has no parts.
 */
export function fieldLabelParts(t: Translate, item: string, path: FieldPath): string[] {
  const parts: string[] = [];
  let list = item;
  path.forEach((seg, i) => {
    if (typeof seg === "number") {
      parts.push(has(ROWS, list) ? t(`history.row.${list}` as MessageKey, { n: seg + 1 }) : t("history.row.any", { n: seg + 1 }));
      return;
    }
    // a list with named rows is said by them ("Sezione 2"); another keeps its name ("Oggetti · Elemento 1")
    if (typeof path[i + 1] === "number") {
      list = seg;
      if (has(ROWS, seg)) return;
    }
    parts.push(fieldName(t, seg));
  });
  return parts;
}

/** A field's name: its message, a table's name, else the key as written. */
export function fieldName(t: Translate, name: string): string {
  if (has(FIELDS, name)) return t(`history.field.${name}` as MessageKey);
  if (has(SETTINGS_FIELDS, name)) return t(`settings.field.${name}` as MessageKey);
  if (isTable(name)) return t(`table.${name}` as MessageKey);
  return name;
}

/** The whole name, "Sezione 2 · Scheda collegata 2 · Sezione dell'archivio" (empty for the whole value). */
export function fieldLabel(t: Translate, item: string, path: FieldPath): string {
  return fieldLabelParts(t, item, path).join(" · ");
}

/** A field's value in words: the last key of its path says how (a table, a kind, a background). */
export function fieldValue(t: Translate, path: FieldPath, value: unknown): string {
  if (value === undefined || value === null || value === "") return t("settings.emptyValue");
  if (typeof value === "boolean") return t(value ? "history.value.yes" : "history.value.no");
  const last = [...path].reverse().find((s) => typeof s === "string");
  if (typeof value === "string") {
    if (last === "table" && isTable(value)) return t(`table.${value}` as MessageKey);
    if (last === "kind" && has(KINDS, value)) return t(`history.kind.${value}` as MessageKey);
    if (last === "background" && has(BACKGROUNDS, value)) return t(`history.bg.${value}` as MessageKey);
    if (last === "format" && (value === "html" || value === "markdown")) return value === "html" ? "HTML" : "Markdown";
    return value.replace(/\r?\n/g, " ⏎ ");
  }
  if (typeof value === "number") return String(value);
  if (Array.isArray(value) && value.length === 0) return t("settings.emptyValue");
  if (typeof value === "object" && Object.keys(value).length === 0) return t("settings.emptyValue");
  return JSON.stringify(value);
}
