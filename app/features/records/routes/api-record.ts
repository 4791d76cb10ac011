import type { Route } from "./+types/api-record";
import { getRecord, recordToJson } from "../records.server";
import { jsonError } from "~/.server/errors";
import { isLocale } from "~/lib/locale";
import { seesInternalFields } from "~/.server/access";
import { getSiteOptions } from "~/features/site/index.server";
import { internalFieldsOption } from "../record-fields";
import { isTable, RECORD_ID_PATTERN, tableFromSlug } from "~/lib/tables";

/** Open to every visitor (route guard, decision 040). */
export const handle = { capability: "PUBLIC" };

/**
 * GET /api/public/records/{table}/{id}?locale=it|en|fr — the record as JSON.
 * Missing and not-visible records are the same 404.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const table = isTable(params.table) ? params.table : tableFromSlug(params.table);
  const localeParam = url.searchParams.get("locale") ?? "it";
  if (!isLocale(localeParam)) return jsonError(400, "locale: must be one of it, en, fr");
  if (!table) return jsonError(404, "Not found");
  if (!RECORD_ID_PATTERN.test(params.id)) return jsonError(404, "Not found");
  const options = await getSiteOptions({ database: context.database }, localeParam);
  const record = await getRecord({ database: context.database, viewer: context.viewer, locale: localeParam }, table, params.id, {
    internalFields: internalFieldsOption(options as unknown as Record<string, unknown>),
    showInternal: seesInternalFields(context.viewer),
  });
  if (!record) return jsonError(404, "Not found");
  return Response.json(
    { data: recordToJson(record) },
    { headers: { "Cache-Control": context.viewer.kind === "anonymous" ? "public, max-age=60" : "private, no-store", Vary: "Cookie" } },
  );
}
