import type { Route } from "./+types/manifest";
import { getSiteOptions } from "~/features/site/index.server";
import { internalFieldsOption } from "~/features/records";
import { isTable, RECORD_ID_PATTERN, tableFromSlug } from "~/lib/tables";
import { getIiifRecord, toManifest } from "../iiif.server";
import { iiifError, iiifJson, publicOrigin } from "../http.server";

/** Open to every visitor (route guard, decision 040); what the viewer may not see is a 404. */
export const handle = { capability: "PUBLIC" };

/**
 * GET /iiif/manifest/{table}/{id} — the record's IIIF Presentation 3 manifest (decision 053), filtered like
 * its page: a record the viewer may not see, or one without an image to show, is a 404.
 */
export async function loader({ context, params, url, request }: Route.LoaderArgs) {
  const table = isTable(params.table) ? params.table : tableFromSlug(params.table);
  if (!table || !RECORD_ID_PATTERN.test(params.id)) return iiifError(404, "Not found");
  const options = await getSiteOptions({ database: context.database }, "it");
  const rec = await getIiifRecord({ database: context.database, viewer: context.viewer, locale: "it" }, table, params.id, {
    internalFields: internalFieldsOption(options as unknown as Record<string, unknown>),
  });
  const manifest = rec && toManifest(rec, publicOrigin(url), { siteTitle: options.title });
  if (!manifest) return iiifError(404, "Not found");
  return iiifJson(manifest, { request, viewer: context.viewer });
}
