import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { PUBLIC_VIEWER, recordVisible } from "~/.server/access";
import { translate, type MessageKey } from "~/i18n";
import { contentLocale, localizePath, pickText, type UiLocale } from "~/lib/locale";
import { isTable, recordPath } from "~/lib/tables";
import { getSiteOptions } from "~/features/site/index.server";
import { PUBLIC_INDEX, type Localized } from "./harvest.server";
import { el, XML_DECLARATION } from "./xml";

/** Entries of the Atom feed. */
export const FEED_ENTRIES = 50;

/**
 * An Atom 1.0 feed (RFC 4287) of the public records most recently added or changed, in one locale:
 * titles and summaries in that language (Italian when it has none, tagged with xml:lang), links to the
 * record pages of that locale (decision 050). A further interface language (German) reads the Italian texts under
 * its own messages and links (decision 075).
 */
export async function recentFeed(ctx: Pick<ServiceContext, "database">, origin: string, ui: UiLocale): Promise<string> {
  const locale = contentLocale(ui);
  const [rows, options] = await Promise.all([
    ctx.database.rows<{ table_name: string; id: string; updated: string; labels: Localized | null; summaries: Localized | null }>(sql`
      select r.table_name, r.id, to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated,
        (select jsonb_object_agg(t.locale, t.label) from record_texts t where t.record_uid = r.uid) as labels,
        (select jsonb_object_agg(t.locale, t.summary) from record_texts t where t.record_uid = r.uid and t.summary is not null) as summaries
      from records r where ${recordVisible(PUBLIC_VIEWER, "r")} and ${PUBLIC_INDEX}
      order by r.updated_at desc, r.table_name, r.id limit ${FEED_ENTRIES}`),
    getSiteOptions(ctx, locale),
  ]);
  const self = `${origin}${localizePath("/feed.atom", ui)}`;
  const title = options.title || "Teca";
  const updated = rows[0]?.updated ?? "1970-01-01T00:00:00Z";
  return (
    XML_DECLARATION +
    el(
      "feed",
      { xmlns: "http://www.w3.org/2005/Atom", "xml:lang": ui },
      el("id", {}, self),
      el("title", {}, `${title} · ${translate(ui, "standards.feed.title")}`),
      el("subtitle", {}, translate(ui, "standards.feed.subtitle")),
      el("updated", {}, updated),
      el("link", { rel: "self", type: "application/atom+xml", href: self }),
      el("link", { rel: "alternate", type: "text/html", href: `${origin}${localizePath("/", ui)}` }),
      el("author", {}, el("name", {}, title)),
      el("generator", {}, "Teca"),
      rows.flatMap((r) => {
        if (!isTable(r.table_name)) return [];
        const label = pickText(r.labels ?? {}, locale) ?? { text: r.id, lang: locale };
        const summary = pickText(r.summaries ?? {}, locale);
        const link = `${origin}${localizePath(recordPath(r.table_name, r.id, label.text), ui)}`;
        return [
          el(
            "entry",
            {},
            el("id", {}, `${origin}/${r.table_name}/${r.id}`),
            el("title", label.lang !== ui ? { "xml:lang": label.lang } : {}, label.text),
            el("link", { rel: "alternate", type: "text/html", href: link }),
            el("updated", {}, r.updated),
            el("category", { term: r.table_name, label: translate(ui, `table.${r.table_name}` as MessageKey) }),
            summary &&
              el(
                "summary",
                summary.lang !== ui ? { "xml:lang": summary.lang } : {},
                summary.text.length > 1000 ? `${summary.text.slice(0, 999)}…` : summary.text,
              ),
          ),
        ];
      }),
    ).xml
  );
}
