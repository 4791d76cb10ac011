import type { Route } from "./+types/oai";
import { answerOai } from "../oai.server";
import { siteOrigin } from "../origin.server";

/**
 * OAI-PMH 2.0 for harvesters (Europeana, Cultura Italia, DPLA…): GET, and POST with a form body, which
 * server/app.ts turns into the same GET before the cross-site guard (harvesters send no Origin, and the
 * request only reads public data). Errors are OAI errors in a 200 answer, as the protocol says.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const xml = await answerOai({ database: context.database }, url.searchParams, { origin: siteOrigin(url) });
  return new Response(xml, {
    headers: { "Content-Type": "text/xml; charset=utf-8", "Cache-Control": "no-cache", "X-Robots-Tag": "noindex" },
  });
}

export const handle = { capability: "PUBLIC" };
