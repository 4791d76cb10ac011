import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/cookie-policy";
import { useI18n } from "~/i18n/context";
import { translate, type MessageKey } from "~/i18n";
import { LOCALE_COOKIE } from "~/lib/locale";
import { splitLocale } from "~/lib/locale";
import { pageMeta } from "~/lib/seo";
import { rootDataOf, useRootData } from "~/root-data";
import { ANALYTICS_OPTOUT_COOKIE, analyticsOptedOut, analyticsOptOutCookie } from "../analytics";

/** The cookies Teca itself sets: each strictly necessary or a remembered choice, none for tracking. */
const COOKIES: { name: string; purpose: MessageKey; duration: MessageKey }[] = [
  { name: LOCALE_COOKIE, purpose: "cookies.locale", duration: "cookies.oneYear" },
  { name: "teca_theme", purpose: "cookies.theme", duration: "cookies.oneYear" },
  { name: "teca_filters", purpose: "cookies.filters", duration: "cookies.oneYear" },
  // Over HTTPS both names take the __Host- prefix (docs/accounts.md).
  { name: "teca_session", purpose: "cookies.session", duration: "cookies.untilLogout" },
  { name: "teca_csrf", purpose: "cookies.csrf", duration: "cookies.browserSession" },
];
/** Listed when the site counts visits (decision 102). */
const ANALYTICS_COOKIE = { name: ANALYTICS_OPTOUT_COOKIE, purpose: "cookies.analyticsOptOut", duration: "cookies.until2099" } as const;

/** Whether this browser said no to the visit statistics (the page shows the choice and a button to change it). */
export function loader({ request }: Route.LoaderArgs) {
  return { optedOut: analyticsOptedOut(request.headers.get("cookie")) };
}

/**
 * The visitor's choice about the visit statistics, as a form post (no JavaScript needed): `analytics=off` keeps
 * the opt-out cookie until 2099 (spec §9), `analytics=on` removes it; back to this page, which says the result.
 */
export async function action({ request, url }: Route.ActionArgs) {
  const choice = (await request.formData()).get("analytics");
  if (choice !== "on" && choice !== "off") throw new Response("Bad request", { status: 400 });
  const secure = url.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
  return redirect(`${url.pathname}?analytics=${choice}#analytics`, {
    status: 303,
    headers: { "Set-Cookie": analyticsOptOutCookie(choice === "off", secure), "Cache-Control": "no-store" },
  });
}

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
export default function CookiePolicy({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const analytics = useRootData()?.analytics ?? null;
  const cookies = analytics ? [...COOKIES, ANALYTICS_COOKIE] : COOKIES;
  return (
    <article className="page">
      <h1>{t("cookies.title")}</h1>
      <p className="page__lead">{t(analytics ? "cookies.introAnalytics" : "cookies.intro")}</p>
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
            {cookies.map((c) => (
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
      {analytics ? <AnalyticsChoice optedOut={loaderData.optedOut} /> : null}
      <h2>{t("cookies.thirdTitle")}</h2>
      <p>{t("cookies.third")}</p>
      <h2>{t("cookies.manageTitle")}</h2>
      <p>{t("cookies.manage")}</p>
    </article>
  );
}

/** The visit statistics: what is counted, how, and the visitor's choice (a form: works without JavaScript). */
function AnalyticsChoice({ optedOut }: { optedOut: boolean }) {
  const { t } = useI18n();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="analytics" className="cookie-analytics">
      <h2 id="analytics" tabIndex={-1}>
        {t("cookies.analyticsTitle")}
      </h2>
      <p>{t("cookies.analytics")}</p>
      <p role="status" className="cookie-analytics__state">
        <strong>{t(optedOut ? "cookies.analyticsOff" : "cookies.analyticsOn")}</strong>
      </p>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="analytics" value={optedOut ? "on" : "off"} />
        <button type="submit" className="button" disabled={busy}>
          {t(optedOut ? "cookies.analyticsAllow" : "cookies.analyticsRefuse")}
        </button>
      </Form>
    </section>
  );
}
