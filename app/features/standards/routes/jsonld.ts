import { z } from "zod";
import type { Route } from "./+types/jsonld";
import { getRecord } from "~/features/records/index.server";
import { getSiteOptions } from "~/features/site/index.server";
import { internalFieldsOption } from "~/features/records";
import { contentLocale, enabledLanguages, isUiLocale } from "~/lib/locale";
import { RECORD_ID_PATTERN, tableFromSlug } from "~/lib/tables";
import { getRecordJsonLd } from "../jsonld.server";
import { siteOrigin } from "../origin.server";
import { JSONLD_TYPE } from "../jsonld";

const ParamsSchema = z.object({ table: z.string().max(40), id: z.string().regex(RECORD_ID_PATTERN) });

/**
 * A record's schema.org JSON-LD: what `Accept: application/ld+json` on a record page answers (the
 * negotiation in jsonld-negotiation.server.ts sends it here), the same JSON-LD the page embeds.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = ParamsSchema.safeParse(params);
  const table = parsed.success ? tableFromSlug(parsed.data.table) : undefined;
  const lang = url.searchParams.get("locale") ?? "it";
  const notFound = () => Response.json({ error: { code: 404, message: "Not Found" } }, { status: 404, headers: { Vary: "Accept" } });
  if (!parsed.success || !table || !isUiLocale(lang)) return notFound();
  // A further interface language (German) reads the Italian texts, and only when it is enabled (decision 075).
  const locale = contentLocale(lang);
  const ctx = { database: context.database, viewer: context.viewer, locale };
  const options = await getSiteOptions(ctx, locale);
  if (!enabledLanguages((options as { languages?: unknown }).languages).includes(lang)) return notFound();
  const record = await getRecord(ctx, table, parsed.data.id, {
    internalFields: internalFieldsOption(options as unknown as Record<string, unknown>),
  });
  if (!record) return notFound();
  const body = await getRecordJsonLd(ctx, record, siteOrigin(url));
  return new Response(JSON.stringify(body), { headers: { "Content-Type": `${JSONLD_TYPE}; charset=utf-8`, Vary: "Accept" } });
}

export const handle = { capability: "PUBLIC" };
