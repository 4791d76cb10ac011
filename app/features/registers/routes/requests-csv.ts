import type { Route } from "./+types/requests-csv";
import { serviceContext } from "~/.server/context";
import { splitLocale } from "~/lib/locale";
import { allRequests } from "../requests.server";
import { RequestsQuerySchema } from "../requests";
import { requestsCsv } from "../requests-csv.server";

/** /requests.csv: the Registro Richieste as the page's filters keep it (issue 32 §3), for a spreadsheet. */
export const handle = { capability: "MANAGE_USERS" };

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const entries = await allRequests(ctx, RequestsQuerySchema.parse(Object.fromEntries(url.searchParams)));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(requestsCsv(entries, url.origin, splitLocale(url.pathname).ui), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="registro-richieste-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
