import type { Route } from "./+types/register-csv";
import { serviceContext } from "~/.server/context";
import { allRegister } from "../register.server";
import { RegisterQuerySchema } from "../register";
import { registerCsv } from "../register-csv.server";

/** /registro.csv: the collection register as the page's filters keep it (issue 32 §4), for a spreadsheet. */
export const handle = { capability: "MANAGE_USERS" };

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const entries = await allRegister(ctx, RegisterQuerySchema.parse(Object.fromEntries(url.searchParams)));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(registerCsv(entries, url.origin, ctx.locale), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="registro-collezioni-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
