import type { Route } from "./+types/api-export";
import { jsonError } from "~/.server/errors";
import { siteOrigin } from "~/features/standards/index.server";
import { isLocale } from "~/lib/locale";
import { getSiteOptions } from "~/features/site/index.server";
import type { SiteOptions } from "~/features/site";
import { configuredSearch } from "~/features/search/index.server";
import { parseSearchParams } from "~/features/search";
import { EXPORT_FORMATS, exportFilename, exportMaxRows, exportPlan, exportStream, type ExportFormat } from "../export.server";

/** Open to every visitor (route guard, decision 040): what a visitor may not see is filtered in SQL. */
export const handle = { capability: "PUBLIC" };

/**
 * GET /api/public/export?format=csv|json&locale=it|en|fr&<the search page's parameters> — the records of
 * that search in its order, at most EXPORT_MAX_ROWS, streamed. Headers: X-Total-Count (records matching),
 * X-Export-Rows (records in this file), X-Export-Truncated (true when the cap cut the list).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const sp = url.searchParams;
  const format = sp.get("format") ?? "csv";
  if (sp.getAll("format").length > 1 || !(EXPORT_FORMATS as readonly string[]).includes(format))
    return jsonError(400, "format: csv or json");
  const locale = sp.get("locale") ?? "it";
  if (sp.getAll("locale").length > 1 || !isLocale(locale)) return jsonError(400, "locale: one of it, en, fr");
  const options = await getSiteOptions({ database: context.database }, locale);
  const parsed = parseSearchParams(sp, { allow: ["locale", "format"], sanitize: options.sanitize });
  if (!parsed.ok) return jsonError(400, parsed.error.messageKey ? `${parsed.error.param}: ${parsed.error.message}` : parsed.error.message);
  const { params, opts } = configuredSearch(options as SiteOptions & Record<string, unknown>, context.viewer.roles, parsed.params);
  const ctx = { database: context.database, viewer: context.viewer, locale };
  const max = exportMaxRows();
  const { uids, total } = await exportPlan(ctx, params, opts, max);
  const origin = siteOrigin(url);
  const name = exportFilename(format as ExportFormat, params.q);
  return new Response(exportStream(ctx, uids, format as ExportFormat, origin), {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Total-Count": String(total),
      "X-Export-Rows": String(uids.length),
      "X-Export-Truncated": String(total > uids.length),
    },
  });
}
