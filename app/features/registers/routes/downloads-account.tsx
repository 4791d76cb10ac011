import { data, Link } from "react-router";
import type { Route } from "./+types/downloads-account";
import { serviceContext } from "~/.server/context";
import { accountMeta } from "~/features/accounts";
import { useI18n } from "~/i18n/context";
import { LOCALE_TAGS, localizePath } from "~/lib/locale";
import { isTable, recordPath } from "~/lib/tables";
import { downloadPath } from "../downloads";
import { listOwnDownloads } from "../downloads.server";
import { privateHeaders } from "../register-list";
import { ListTable, RegisterPage } from "../components/RegisterPage";
import registerCss from "../components/register.css?url";

/**
 * /account/downloads: the signed-in user's own downloads (issue 32 §2, decision 098), newest first, each with its
 * record (a link while they still see it), size, watermark and date, and a link to download it again (the same
 * capability check as the first time). Every signed-in user; a visitor is sent to sign in.
 */
export const handle = { layout: "default", capability: "PRIVATE" };
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registerCss }];
export const meta = accountMeta("download.mine", "download.mineLead");

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const entries = await listOwnDownloads(ctx, { limit: 200 });
  const format = new Intl.DateTimeFormat(LOCALE_TAGS[ctx.locale], {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });
  return data({ entries: entries.map((e) => ({ ...e, when: format.format(new Date(e.at)) })) }, { headers: privateHeaders() });
}

export default function OwnDownloads({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  return (
    <RegisterPage block="register" title="download.mine" lead="download.mineLead">
      <ListTable
        rows={loaderData.entries}
        className="register__table"
        caption="download.mine"
        columns={["download.col.record", "download.col.size", "download.col.when", "download.col.again"]}
        empty="download.mineEmpty"
      >
        {(e) => (
          <tr key={e.id}>
            <th scope="row">
              {e.record.label && isTable(e.record.table) ? (
                <Link to={localizePath(recordPath(e.record.table, e.record.id, e.record.label), locale)}>{e.record.label}</Link>
              ) : (
                <span>{t("download.gone")}</span>
              )}
            </th>
            <td data-label={t("download.col.size")}>
              {t(e.size === "low" ? "download.low" : "download.high")} · {t(e.watermarked ? "download.watermarked" : "download.clean")}
            </td>
            <td data-label={t("download.col.when")} className="register__dates">
              <time dateTime={e.at}>{e.when}</time>
            </td>
            <td data-label={t("download.col.again")}>
              {e.mediaId && e.record.label ? (
                <a className="button button--small" href={downloadPath(e.mediaId, e.size)} download>
                  {t("download.again")}
                  <span className="visually-hidden"> {e.record.label}</span>
                </a>
              ) : (
                "—"
              )}
            </td>
          </tr>
        )}
      </ListTable>
    </RegisterPage>
  );
}
