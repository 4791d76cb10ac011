import type { Route } from "./+types/api-get-searches";
import { serviceContext } from "~/.server/context";
import { readFields } from "~/features/accounts/index.server";
import { isLocale } from "~/lib/locale";
import { listSavedSearches, serializeSavedSearch } from "../saved-searches.server";

export const handle = { capability: "PRIVATE" };

/**
 * POST /api/auth/docs/getSearches {locale, public?} (spec §7 getSearches; the specification's `firebase`
 * segment is `docs`): the signed-in user's saved searches, newest first — only the public ones with
 * `public: true`. Each carries its rerun address in `url`. 401 for visitors (the guard), 400 for a bad body.
 * The /searches page calls the same service.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const noStore = { "Cache-Control": "private, no-store" };
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  const fields = await readBody(request);
  if (!fields)
    return Response.json(
      { error: { code: 400, message: "expected a JSON object or a form: {locale, public}" } },
      { status: 400, headers: noStore },
    );
  const locale: unknown = fields.locale ?? "it";
  if (!isLocale(locale)) return Response.json({ error: { code: 400, message: "locale: it, en or fr" } }, { status: 400, headers: noStore });
  const pub = fields.public;
  if (pub !== undefined && typeof pub !== "boolean" && pub !== "true" && pub !== "false")
    return Response.json({ error: { code: 400, message: "public: true or false" } }, { status: 400, headers: noStore });
  const ctx = { ...serviceContext(context, url), locale };
  const searches = await listSavedSearches(ctx, { publicOnly: pub === true || pub === "true" });
  return Response.json({ data: searches.map((s) => serializeSavedSearch(s, locale)), count: searches.length }, { headers: noStore });
}

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });

/** A JSON object (booleans kept) or a form post. */
async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  if ((request.headers.get("content-type") ?? "").includes("application/json")) {
    try {
      const raw = (await request.json()) as unknown;
      return raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return readFields(request);
}
