import { data, Link } from "react-router";
import type { Route } from "./+types/requests-download";
import { serviceContext } from "~/.server/context";
import { accountMeta } from "~/features/accounts";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { LOCALE_TAGS, localizePath } from "~/lib/locale";
import { requestByToken } from "../requests.server";
import registerCss from "../components/register.css?url";
import requestsCss from "../components/requests.css?url";
import { RequestStatusLabel } from "../components/RequestStatus";

/**
 * /richieste/scarica/<token>, the link an approval mails (issue 32 §3, decision 099): for its requester, signed in
 * (a visitor is sent to sign in and back here), until its date — the approved reproduction, its download
 * (`…/file`) and the date; after it, **410 Gone** with this page saying the link expired and offering to ask
 * again. Another user, a token never issued: the 404 page.
 */

export const handle = { layout: "default", capability: "PRIVATE" };
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: registerCss },
  { rel: "stylesheet", href: requestsCss },
];
export const meta = accountMeta("requests.download.title", "requests.download.lead");

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const { entry, expired } = await requestByToken(ctx, params.token);
  const expires = {
    iso: entry.expiresAt!,
    text: new Intl.DateTimeFormat(LOCALE_TAGS[ctx.locale], { dateStyle: "long", timeStyle: "short" }).format(new Date(entry.expiresAt!)),
  };
  return data(
    { entry, expired, expires, file: `${url.pathname.replace(/\/$/, "")}/file` },
    { status: expired ? 410 : 200, headers: { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" } },
  );
}

export default function RequestDownload({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { entry, expired, expires, file } = loaderData;
  const record = entry.record.link ? <Link to={localizePath(entry.record.link, locale)}>{entry.record.title}</Link> : entry.record.title;
  return (
    <div className="page request-form">
      <h1>{t(expired ? "requests.download.expiredTitle" : "requests.download.title")}</h1>
      <div className="request-form__image">
        {entry.thumbnail ? <img src={entry.thumbnail} alt="" width={120} height={120} /> : null}
        <div>
          <p>{record}</p>
          <p>
            <RequestStatusLabel status={entry.status} />
          </p>
          <p>
            {t(`requests.resolution.${entry.resolution}` as MessageKey)} · {t(`requests.format.${entry.format}` as MessageKey)} ·{" "}
            {t(entry.watermarked ? "requests.approve.watermarked" : "requests.approve.clean")}
          </p>
        </div>
      </div>
      {expired ? (
        <>
          <p>
            {t("requests.download.expired")} <time dateTime={expires.iso}>{expires.text}</time>.
          </p>
          <p>{t("requests.download.askAgainText")}</p>
          {entry.mediaId ? (
            <Link className="button button--primary" to={`${localizePath("/richieste/nuova", locale)}?media=${entry.mediaId}`}>
              {t("requests.askAgain")}
            </Link>
          ) : null}
        </>
      ) : (
        <>
          <p>
            {t("requests.download.until")} <time dateTime={expires.iso}>{expires.text}</time>.
          </p>
          <a className="button button--primary" href={file} download>
            {t("requests.download.button")}
          </a>
        </>
      )}
      <p>
        <Link to={localizePath("/account/requests", locale)}>{t("requests.mine.title")}</Link>
      </p>
    </div>
  );
}
