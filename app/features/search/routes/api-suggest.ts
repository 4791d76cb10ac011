import type { Route } from "./+types/api-suggest";
import { jsonError } from "~/.server/errors";
import { isLocale } from "~/lib/locale";
import { suggestLabels } from "../search.server";
import { getSiteOptions } from "~/features/site/index.server";
import { MAX_QUERY_LENGTH } from "../search-params";

/** Open to every visitor (route guard, decision 040). */
export const handle = { capability: "PUBLIC" };

/** GET /api/public/suggest?q=…&locale=… — up to 8 labels of visible records for the search box. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const sp = url.searchParams;
  for (const k of sp.keys()) if (k !== "q" && k !== "locale") return jsonError(400, `unknown parameter "${k.slice(0, 40)}"`);
  if (sp.getAll("q").length > 1 || sp.getAll("locale").length > 1) return jsonError(400, "q and locale take a single value");
  const locale = sp.get("locale") ?? "it";
  if (!isLocale(locale)) return jsonError(400, "locale: one of it, en, fr");
  const q = (sp.get("q") ?? "").trim();
  if (q.length > MAX_QUERY_LENGTH) return jsonError(400, `q: at most ${MAX_QUERY_LENGTH} characters`);
  const options = await getSiteOptions({ database: context.database }, locale);
  const data =
    q.length < 2
      ? []
      : await suggestLabels({ database: context.database, viewer: context.viewer, locale }, q, { excludedTypes: options.excludedTypes });
  return Response.json(
    { data },
    { headers: { "Cache-Control": context.viewer.kind === "anonymous" ? "public, max-age=60" : "private, no-store" } },
  );
}
