import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { accountHeaders, accountMeta } from "../meta";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { localizePath, splitLocale } from "~/lib/locale";
import { loginTarget } from "../redirect";
import { loginWith } from "../login.server";
import { oidcLabel } from "../oidc.server";
import { botCheckClient } from "../bot-check.server";
import { botCheckRefusal, formToken } from "../http.server";
import { BotCheck } from "../components/BotCheck";

/** Why a single sign-on came back without signing in (decision 045): `?sso_error=denied`. */
const SSO_ERRORS = ["denied", "failed", "unavailable", "refused"] as const;

/** Notices another page may send here (spec §8): `?msg=session.expired`. */
const NOTICES = [
  "session.expired",
  "session.expired_reset_password",
  "password.changed",
  "totp.expired",
] as const satisfies readonly MessageKey[];
type Notice = (typeof NOTICES)[number];

export async function loader({ context, url }: Route.LoaderArgs) {
  const { ui } = splitLocale(url.pathname);
  const target = loginTarget(url.searchParams.get("redirect"), ui);
  if (context.viewer.kind === "user") throw redirect(target);
  const { token, setCookie } = formToken(context);
  const msg = url.searchParams.get("msg");
  const notice = (NOTICES as readonly string[]).includes(msg ?? "") ? (msg as Notice) : null;
  const ssoError = SSO_ERRORS.find((e) => e === url.searchParams.get("sso_error")) ?? null;
  return data(
    { csrf: token, redirect: url.searchParams.get("redirect") ?? "", notice, sso: oidcLabel(), ssoError, botCheck: botCheckClient() },
    { headers: { "Cache-Control": "private, no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { ui } = splitLocale(url.pathname);
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const password = String(form.get("password") ?? "");
  // The bot check first (decision 047): refused, nothing else happens (no failed sign-in is counted).
  const refused = await botCheckRefusal(context, form);
  if (refused) return data({ error: refused as MessageKey, email, minutes: 0 }, { status: 400 });
  const { result, setCookie } = await loginWith({ database: context.database }, context.auth, { email, password });
  if (result.status === "ok")
    throw redirect(loginTarget(String(form.get("redirect") ?? ""), ui), { headers: { "Set-Cookie": setCookie! } });
  // A second factor is due (decision 046): the code page, with the half-signed-in state's cookie only.
  if (result.status === "second_factor")
    throw redirect(`${localizePath("/login/2fa", ui)}?redirect=${encodeURIComponent(String(form.get("redirect") ?? ""))}`, {
      headers: { "Set-Cookie": setCookie! },
    });
  if (result.status === "limited")
    return data(
      { error: "login.limited" as MessageKey, email, minutes: Math.ceil(result.retryAfter / 60) },
      { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
    );
  return data({ error: "login.errore" as MessageKey, email, minutes: 0 }, { status: 401 });
}

export const meta = accountMeta("login.title");

export const headers = accountHeaders;

// The site's background fills the window behind the form (spec §2 "the login route scales the background video").
export const handle = { layout: "default", capability: "PUBLIC", backdrop: "stage" };

/** /login (spec §2): e-mail, password, sign in; back to `redirect` afterwards. Works without JavaScript. */
export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const error = actionData?.error;
  return (
    <section className="page login-page">
      <h1>{t("login.title")}</h1>
      {loaderData.ssoError && !error ? (
        <p className="form-error" role="alert">
          {t(`sso.error.${loaderData.ssoError}`)}
        </p>
      ) : null}
      {loaderData.notice && !error ? (
        <p className="form-notice" role="status">
          {t(loaderData.notice)}
        </p>
      ) : null}
      <Form method="post" className="login-form" aria-describedby={error ? "login-error" : undefined}>
        {error ? (
          <p id="login-error" className="form-error" role="alert">
            {t(error, { minutes: actionData?.minutes ?? 0 })}
          </p>
        ) : null}
        <input type="hidden" name="csrf" value={loaderData.csrf} />
        <input type="hidden" name="redirect" value={loaderData.redirect} />
        <p className="login-form__field">
          <label htmlFor="login-email">{t("login.email")}</label>
          <input
            id="login-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={actionData?.email ?? ""}
            aria-invalid={error ? true : undefined}
          />
        </p>
        <p className="login-form__field">
          <label htmlFor="login-password">{t("login.password")}</label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={error ? true : undefined}
          />
        </p>
        <BotCheck config={loaderData.botCheck} attempt={actionData} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("login.submit")}
        </button>
      </Form>
      {loaderData.sso ? (
        <p className="login-sso">
          <span className="login-sso__or">{t("sso.or")}</span>
          <a className="button" href={`/auth/oidc/start?locale=${locale}&redirect=${encodeURIComponent(loaderData.redirect)}`}>
            {t("sso.button", { label: loaderData.sso })}
          </a>
        </p>
      ) : null}
      <p className="login-page__more">
        <Link to={localizePath("/reset_password", locale)}>{t("reset.forgot")}</Link>
      </p>
    </section>
  );
}
