import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { accountHeaders, accountMeta } from "../meta";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { localizePath, splitLocale } from "~/lib/locale";
import { requestPasswordReset } from "../reset.server";
import { botCheckRefusal, clientOf, formToken, linkOrigin } from "../http.server";
import { botCheckClient } from "../bot-check.server";
import { BotCheck } from "../components/BotCheck";

const EMAIL = /^[^\s@]+@[^\s@]+$/;

export async function loader({ context }: Route.LoaderArgs) {
  const { token, setCookie } = formToken(context);
  return data(
    { csrf: token, botCheck: botCheckClient() },
    { headers: { "Cache-Control": "private, no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}

/** The same answer for every well-formed address (the mail goes out after it): nothing says whether it exists. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const { locale } = splitLocale(url.pathname);
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  // The bot check first (decision 047): refused, nothing is looked up or sent.
  const refused = await botCheckRefusal(context, form);
  if (refused) return data({ sent: false, error: refused as MessageKey, email, minutes: 0 }, { status: 400 });
  if (!EMAIL.test(email) || email.length > 320)
    return data({ sent: false, error: "reset.error" as MessageKey, email, minutes: 0 }, { status: 400 });
  const result = await requestPasswordReset(
    { database: context.database },
    {
      email,
      locale,
      origin: linkOrigin(context),
      address: clientOf(context).address,
    },
  );
  if (result.status === "limited")
    return data(
      { sent: false, error: "reset.limited" as MessageKey, email, minutes: Math.ceil(result.retryAfter / 60) },
      { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
    );
  return data({ sent: true, error: null, email, minutes: 0 });
}

export const meta = accountMeta("reset.title", "reset.intro");

export const headers = accountHeaders;

export const handle = { layout: "default", capability: "PUBLIC" };

/** /reset_password (spec §2): asks for the address and sends a one-time link. Works without JavaScript. */
export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const busy = useNavigation().state === "submitting";
  const error = actionData?.error ?? null;
  return (
    <section className="page login-page">
      <h1>{t("reset.title")}</h1>
      {actionData?.sent ? (
        <p className="form-notice" role="status">
          {t("reset.sent")}
        </p>
      ) : (
        <Form method="post" className="login-form" aria-describedby={error ? "reset-error" : "reset-intro"}>
          <p id="reset-intro">{t("reset.intro")}</p>
          {error ? (
            <p id="reset-error" className="form-error" role="alert">
              {t(error, { minutes: actionData?.minutes ?? 0 })}
            </p>
          ) : null}
          <input type="hidden" name="csrf" value={loaderData.csrf} />
          <p className="login-form__field">
            <label htmlFor="reset-email">{t("reset.email")}</label>
            <input
              id="reset-email"
              name="email"
              type="email"
              autoComplete="username"
              required
              maxLength={320}
              defaultValue={actionData?.email ?? ""}
              aria-invalid={error ? true : undefined}
            />
          </p>
          <BotCheck config={loaderData.botCheck} attempt={actionData} />
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("reset.submit")}
          </button>
        </Form>
      )}
      <p className="login-page__more">
        <Link to={localizePath("/login", locale)}>{t("reset.backToLogin")}</Link>
      </p>
    </section>
  );
}
