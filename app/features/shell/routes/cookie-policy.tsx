import type { Route } from "./+types/cookie-policy";
import { useI18n } from "~/i18n/context";
import { translate, type MessageKey } from "~/i18n";
import { LOCALE_COOKIE } from "~/lib/locale";
import { splitLocale } from "~/lib/locale";
import { pageMeta } from "~/lib/seo";
import { rootDataOf } from "~/root-data";

/** The cookies Teca itself sets: each strictly necessary or a remembered choice, none for tracking. */
const COOKIES: { name: string; purpose: MessageKey; duration: MessageKey }[] = [
  { name: LOCALE_COOKIE, purpose: "cookies.locale", duration: "cookies.oneYear" },
  { name: "teca_theme", purpose: "cookies.theme", duration: "cookies.oneYear" },
  { name: "teca_filters", purpose: "cookies.filters", duration: "cookies.oneYear" },
  // Over HTTPS both names take the __Host- prefix (docs/accounts.md).
  { name: "teca_session", purpose: "cookies.session", duration: "cookies.untilLogout" },
  { name: "teca_csrf", purpose: "cookies.csrf", duration: "cookies.browserSession" },
];

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const root = rootDataOf(matches);
  const locale = splitLocale(location.pathname).ui;
  return pageMeta({
    title: translate(locale, "cookies.title"),
    siteTitle: root?.options.title,
    description: translate(locale, "cookies.intro"),
    origin: root?.origin ?? "",
    languages: root?.languages,
    pathname: location.pathname,
  });
};

export const handle = { layout: "default", capability: "PUBLIC" };

/** /public/cookie-policy in each language: what the catalogue stores in the browser, and why. */
export default function CookiePolicy() {
  const { t } = useI18n();
  return (
    <article className="page">
      <h1>{t("cookies.title")}</h1>
      <p className="page__lead">{t("cookies.intro")}</p>
      <h2>{t("cookies.listTitle")}</h2>
      <div className="page__table">
        <table>
          <thead>
            <tr>
              <th scope="col">{t("cookies.name")}</th>
              <th scope="col">{t("cookies.purpose")}</th>
              <th scope="col">{t("cookies.duration")}</th>
            </tr>
          </thead>
          <tbody>
            {COOKIES.map((c) => (
              <tr key={c.name}>
                <th scope="row">
                  <code>{c.name}</code>
                </th>
                <td>{t(c.purpose)}</td>
                <td>{t(c.duration)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>{t("cookies.thirdTitle")}</h2>
      <p>{t("cookies.third")}</p>
      <h2>{t("cookies.manageTitle")}</h2>
      <p>{t("cookies.manage")}</p>
    </article>
  );
}
