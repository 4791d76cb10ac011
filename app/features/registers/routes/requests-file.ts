import type { Route } from "./+types/requests-file";
import { serviceContext } from "~/.server/context";
import { translate } from "~/i18n";
import { splitLocale } from "~/lib/locale";
import { requestFile } from "../requests.server";

/**
 * GET /richieste/scarica/<token>/file: the approved reproduction itself (issue 32 §3, decision 099), for the
 * request's requester signed in, until the link's date; then 410 Gone (the link's page says so and offers to ask
 * again). Another user, a token never issued: 404; a visitor: 401 (the guard; the page sends them to sign in).
 */
export const handle = { capability: "PRIVATE" };

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const ctx = { ...serviceContext(context, url), mediaDir: context.mediaDir };
  const res = await requestFile(ctx, params.token, { address: context.auth?.address });
  if (res) return res;
  const { ui } = splitLocale(url.pathname);
  return new Response(`${translate(ui, "requests.download.expiredTitle")}\n`, {
    status: 410,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
