import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password-token";
import { accountMeta } from "../meta";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { localizePath, splitLocale, type UiLocale } from "~/lib/locale";
import { checkResetToken, completePasswordReset } from "../reset.server";
import { clientOf, formToken } from "../http.server";
import { NewPasswordFields } from "../components/NewPasswordFields";

/** A spent, expired or unknown link lands on the login page with 'Link reset password scaduto' (spec §8). */
const expired = (locale: UiLocale) => redirect(`${localizePath("/login", locale)}?msg=session.expired_reset_password`);

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { ui: locale } = splitLocale(url.pathname);
  const owner = await checkResetToken({ database: context.database }, params.token);
  if (!owner) throw expired(locale);
  const { token, setCookie } = formToken(context);
  return data(
    { csrf: token, email: owner.email },
    { headers: { "Cache-Control": "private, no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}

export async function action({ request, context, params, url }: Route.ActionArgs) {
  const { ui: locale } = splitLocale(url.pathname);
  const form = await request.formData();
  const result = await completePasswordReset(
    { database: context.database },
    {
      token: params.token,
      password: String(form.get("password") ?? ""),
      confirmation: String(form.get("confirmation") ?? ""),
      address: clientOf(context).address,
    },
  );
  if (result.status === "expired") throw expired(locale);
  if (result.status === "invalid") return data({ error: result.problem as MessageKey }, { status: 400 });
  // Done: every session of the user has ended; the login page says 'Password cambiata'.
  throw redirect(`${localizePath("/login", locale)}?msg=password.changed`);
}

export const meta = accountMeta("reset.newTitle");

export const handle = { layout: "default", capability: "PUBLIC" };

/** /reset_password/<token> (spec §2): the new password twice, then the login page. Works without JavaScript. */
export default function ResetPasswordToken({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const busy = useNavigation().state === "submitting";
  const error = actionData?.error ?? null;
  return (
    <section className="page login-page">
      <h1>{t("reset.newTitle")}</h1>
      <Form method="post" className="login-form" aria-describedby={error ? "password-error" : undefined}>
        <p>{t("reset.newIntro", { email: loaderData.email })}</p>
        {error ? (
          <p id="password-error" className="form-error" role="alert">
            {t(error)}
          </p>
        ) : null}
        <input type="hidden" name="csrf" value={loaderData.csrf} />
        {/* the account's address for password managers */}
        <input type="hidden" name="username" autoComplete="username" value={loaderData.email} />
        <NewPasswordFields error={error} idPrefix="reset" />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("password.save")}
        </button>
      </Form>
    </section>
  );
}
