import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { useI18n } from "~/i18n/context";
import { translate, type MessageKey } from "~/i18n";
import { splitLocale } from "~/lib/locale";
import { pageMeta } from "~/lib/seo";
import type { RootData } from "~/root";
import { loginTarget } from "../redirect";
import { formToken, loginWith } from "../login.server";

/** Notices another page may send here (spec §8): `?msg=session.expired`. */
const NOTICES = ["session.expired", "session.expired_reset_password"] as const satisfies readonly MessageKey[];
type Notice = (typeof NOTICES)[number];

export async function loader({ context, url }: Route.LoaderArgs) {
  const { locale } = splitLocale(url.pathname);
  const target = loginTarget(url.searchParams.get("redirect"), locale);
  if (context.viewer.kind === "user") throw redirect(target);
  const { token, setCookie } = formToken(context);
  const msg = url.searchParams.get("msg");
  const notice = (NOTICES as readonly string[]).includes(msg ?? "") ? (msg as Notice) : null;
  return data(
    { csrf: token, redirect: url.searchParams.get("redirect") ?? "", notice },
    { headers: { "Cache-Control": "private, no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { locale } = splitLocale(url.pathname);
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const password = String(form.get("password") ?? "");
  const { result, setCookie } = await loginWith(context, { email, password });
  if (result.status === "ok") throw redirect(loginTarget(String(form.get("redirect") ?? ""), locale), { headers: { "Set-Cookie": setCookie! } });
  if (result.status === "limited")
    return data(
      { error: "login.limited" as MessageKey, email, minutes: Math.ceil(result.retryAfter / 60) },
      { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
    );
  return data({ error: "login.errore" as MessageKey, email, minutes: 0 }, { status: 401 });
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const root = matches[0]?.data as RootData | undefined;
  const locale = splitLocale(location.pathname).locale;
  return [
    ...pageMeta({
      title: translate(locale, "login.title"),
      siteTitle: root?.options.title,
      description: translate(locale, "login.title"),
      origin: root?.origin ?? "",
      pathname: location.pathname,
    }),
    { name: "robots", content: "noindex" },
  ];
};

export const handle = { layout: "default", capability: "PUBLIC" };

/** /login (spec §2): e-mail, password, sign in; back to `redirect` afterwards. Works without JavaScript. */
export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const error = actionData?.error;
  return (
    <section className="page login-page">
      <h1>{t("login.title")}</h1>
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
          <input id="login-password" name="password" type="password" autoComplete="current-password" required aria-invalid={error ? true : undefined} />
        </p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("login.submit")}
        </button>
      </Form>
    </section>
  );
}
