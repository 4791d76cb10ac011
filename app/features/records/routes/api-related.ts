import { z } from "zod";
import type { Route } from "./+types/api-related";
import { getRelatedPage, RELATED_STRIP } from "../records.server";
import { jsonError } from "~/.server/errors";
import { isLocale } from "~/lib/locale";
import { isTable, RECORD_ID_PATTERN, tableFromSlug } from "~/lib/tables";

const QuerySchema = z.object({
  group: z.string().min(1).max(300),
  offset: z.coerce.number().int().min(0).max(100_000),
  locale: z.string().optional(),
});

/** Open to every visitor (route guard, decision 040). */
export const handle = { capability: "PUBLIC" };

/**
 * GET /api/public/records/{table}/{id}/related?group=type|label&offset=N&locale=…
 * — the next records of one related-records strip (cards as the page renders them).
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const table = isTable(params.table) ? params.table : tableFromSlug(params.table);
  const q = QuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!q.success) return jsonError(400, q.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  const locale = q.data.locale ?? "it";
  if (!isLocale(locale)) return jsonError(400, "locale: must be one of it, en, fr");
  if (!table || !RECORD_ID_PATTERN.test(params.id)) return jsonError(404, "Not found");
  const group = await getRelatedPage(
    { database: context.database, viewer: context.viewer, locale },
    table,
    params.id,
    q.data.group,
    q.data.offset,
    RELATED_STRIP,
  );
  if (!group) return jsonError(404, "Not found");
  return Response.json(
    { data: group },
    { headers: { "Cache-Control": context.viewer.kind === "anonymous" ? "public, max-age=60" : "private, no-store", Vary: "Cookie" } },
  );
}
