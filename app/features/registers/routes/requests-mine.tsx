import { data, Link } from "react-router";
import type { Route } from "./+types/requests-mine";
import { serviceContext } from "~/.server/context";
import { accountMeta } from "~/features/accounts";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { localizePath } from "~/lib/locale";
import { myRequests } from "../requests.server";
import { noticeOf, privateHeaders, when } from "../register-list";
import { ListTable, RegisterPage } from "../components/RegisterPage";
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

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const entries = await myRequests(ctx);
  const at = (e: RequestEntry) => ({ ...e, created: when(ctx.locale, e.createdAt, true), expires: when(ctx.locale, e.expiresAt, true) });
  return data({ entries: entries.map(at), done: noticeOf(url, ["requests.done.created"]) }, { headers: privateHeaders() });
}

export default function MyRequests({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { entries, done } = loaderData;
  return (
    <RegisterPage block="register" className="requests" title="requests.mine.title" lead="requests.mine.lead" notice={done}>
      <ListTable
        rows={entries}
        className="register__table requests__table"
        caption="requests.mine.title"
        columns={["requests.col.record", "requests.col.request", "requests.col.status", "requests.col.decision"]}
        empty="requests.mine.empty"
      >
        {(e) => (
          <tr key={e.id}>
            <th scope="row">
              <div className="requests__record">
                {e.thumbnail ? <img src={e.thumbnail} alt="" width={56} height={56} loading="lazy" /> : null}
                <span>
                  {e.record.link ? <Link to={localizePath(e.record.link, locale)}>{e.record.title}</Link> : <span>{e.record.title}</span>}
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
        )}
      </ListTable>
    </RegisterPage>
  );
}
