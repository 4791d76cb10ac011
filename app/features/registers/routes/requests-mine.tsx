import { data, Link } from "react-router";
import type { Route } from "./+types/requests-mine";
import { serviceContext } from "~/.server/context";
import { accountMeta } from "~/features/accounts";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { LOCALE_TAGS, localizePath, type Locale } from "~/lib/locale";
import { myRequests } from "../requests.server";
import registerCss from "../components/register.css?url";
import requestsCss from "../components/requests.css?url";
import { RequestStatusLabel } from "../components/RequestStatus";
import type { RequestEntry } from "../requests";

/**
 * /account/requests, the signed-in user's own reproduction requests and their statuses (issue 32 §3, decision
 * 099), while the option `richiediimmagine_email` is set: what they asked for, the decision and its reason, the
 * link's date (the link itself is in the mail: only its hash is kept), and "ask again" once it has expired.
 */

export const handle = { layout: "default", capability: "PRIVATE" };
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: registerCss },
  { rel: "stylesheet", href: requestsCss },
];
export const meta = accountMeta("requests.mine.title", "requests.mine.lead");

const when = (locale: Locale, value: string | null) =>
  value
    ? {
        iso: value,
        text: new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeStyle: "short" }).format(new Date(value)),
      }
    : null;

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const entries = await myRequests(ctx);
  const done = url.searchParams.get("done") === "requests.done.created" ? ("requests.done.created" as const) : null;
  const at = (e: RequestEntry) => ({ ...e, created: when(ctx.locale, e.createdAt)!, expires: when(ctx.locale, e.expiresAt) });
  return data({ entries: entries.map(at), done }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function MyRequests({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { entries, done } = loaderData;
  return (
    <div className="page register requests">
      <h1>{t("requests.mine.title")}</h1>
      <p className="register__lead">{t("requests.mine.lead")}</p>
      <div role="status" aria-live="polite">
        {done ? <p className="notice">{t(done)}</p> : null}
      </div>
      {entries.length === 0 ? (
        <p className="empty-state">{t("requests.mine.empty")}</p>
      ) : (
        <table className="results-table stack-table register__table requests__table">
          <caption className="visually-hidden">{t("requests.mine.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("requests.col.record")}</th>
              <th scope="col">{t("requests.col.request")}</th>
              <th scope="col">{t("requests.col.status")}</th>
              <th scope="col">{t("requests.col.decision")}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <th scope="row">
                  <div className="requests__record">
                    {e.thumbnail ? <img src={e.thumbnail} alt="" width={56} height={56} loading="lazy" /> : null}
                    <span>
                      {e.record.link ? (
                        <Link to={localizePath(e.record.link, locale)}>{e.record.title}</Link>
                      ) : (
                        <span>{e.record.title}</span>
                      )}
                      <br />
                      <time dateTime={e.created.iso} className="register__dates">
                        {e.created.text}
                      </time>
                    </span>
                  </div>
                </th>
                <td data-label={t("requests.col.request")}>
                  {t(`requests.purpose.${e.purpose}` as MessageKey)} · {t(`requests.resolution.${e.resolution}` as MessageKey)} ·{" "}
                  {t(`requests.format.${e.format}` as MessageKey)}
                </td>
                <td data-label={t("requests.col.status")}>
                  <RequestStatusLabel status={e.status} />
                </td>
                <td data-label={t("requests.col.decision")}>
                  {e.status === "approved" && e.expires ? (
                    <p>
                      {t("requests.mine.linkSent")} <time dateTime={e.expires.iso}>{e.expires.text}</time>
                    </p>
                  ) : null}
                  {e.status === "not_approved" && e.reason ? (
                    <p className="requests__notes">
                      {t("requests.reason")}: {e.reason}
                    </p>
                  ) : null}
                  {e.status === "pending" ? <p>{t("requests.mine.waiting")}</p> : null}
                  {(e.status === "expired" || e.status === "not_approved") && e.mediaId ? (
                    <Link className="button button--small" to={`${localizePath("/richieste/nuova", locale)}?media=${e.mediaId}`}>
                      {t("requests.askAgain")}
                      <span className="visually-hidden"> {t("register.ofTitle", { title: e.record.title })}</span>
                    </Link>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
