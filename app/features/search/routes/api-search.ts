import type { Route } from "./+types/api-search";
import { jsonError } from "~/.server/errors";
import { isLocale } from "~/lib/locale";
import { getSiteOptions } from "~/features/site/index.server";
import { configuredSearch, search, type SearchResult } from "../search.server";
import type { SiteOptions } from "~/features/site";
import { parseSearchParams } from "../search-params";

/** Open to every visitor (route guard, decision 040). */
export const handle = { capability: "PUBLIC" };

/** GET /api/public/search — the same search as the page, as JSON (`locale` picks the language). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const locale = url.searchParams.get("locale") ?? "it";
  if (url.searchParams.getAll("locale").length > 1 || !isLocale(locale)) return jsonError(400, "locale: one of it, en, fr");
  const options = await getSiteOptions({ database: context.database }, locale);
  const parsed = parseSearchParams(url.searchParams, { allow: ["locale"], sanitize: options.sanitize });
  if (!parsed.ok) return jsonError(400, parsed.error.messageKey ? `${parsed.error.param}: ${parsed.error.message}` : parsed.error.message);
  const { params, opts } = configuredSearch(options as SiteOptions & Record<string, unknown>, context.viewer.roles, parsed.params);
  const result = await search({ database: context.database, viewer: context.viewer, locale }, params, opts);
  return Response.json(toApiResult(result), {
    headers: { "Cache-Control": context.viewer.kind === "anonymous" ? "public, max-age=30" : "private, no-store" },
  });
}

/** The search as the API answers it: `page` counts from 1, as in the address (the service counts from 0). */
export function toApiResult(result: SearchResult) {
  return { ...result, page: result.page + 1 };
}
