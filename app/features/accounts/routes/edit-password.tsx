import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/edit-password";
import { accountHeaders, accountMeta } from "../meta";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { notFound } from "~/.server/errors";
import { sessionCookie } from "~/.server/session";
import { getUser } from "../accounts.server";
import { changeOwnPassword } from "../reset.server";
import { clientOf, formToken } from "../http.server";
import { NewPasswordFields } from "../components/NewPasswordFields";

/** SSO users have no password here (spec §6): for them the page does not exist. */
async function passwordUser(context: Route.LoaderArgs["context"]) {
  const user = context.viewer.userId ? await getUser({ database: context.database }, context.viewer.userId) : null;
  if (!user || user.sso) throw notFound();
  return user;
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = await passwordUser(context);
  const { token, setCookie } = formToken(context);
  return data(
    { csrf: token, email: user.email },
    { headers: { "Cache-Control": "private, no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  await passwordUser(context);
  const form = await request.formData();
  const result = await changeOwnPassword(
    { database: context.database },
    {
      userId: context.viewer.userId!,
      current: String(form.get("currentPassword") ?? ""),
      password: String(form.get("password") ?? ""),
      confirmation: String(form.get("confirmation") ?? ""),
      ...clientOf(context),
    },
  );
  switch (result.status) {
    case "notFound":
      throw notFound();
    case "limited":
      return data(
        { done: false, error: "password.limited" as MessageKey, minutes: Math.ceil(result.retryAfter / 60) },
        { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
      );
    case "wrong":
      return data({ done: false, error: "password.wrongCurrent" as MessageKey, minutes: 0 }, { status: 400 });
    case "invalid":
      return data({ done: false, error: result.problem as MessageKey, minutes: 0 }, { status: 400 });
    case "ok":
      // This browser's session is renewed (a new id); every other one has ended.
      return data(
        { done: true, error: null, minutes: 0 },
        { headers: { "Set-Cookie": sessionCookie(result.token, result.expiresAt, context.auth?.secure ?? false) } },
      );
  }
}

export const meta = accountMeta("password.title");

export const headers = accountHeaders;

export const handle = { layout: "default", capability: "CHANGE_PASSWORD" };

/** /editPassword (spec §2, §6): current password, the new one twice. Works without JavaScript. */
export default function EditPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const busy = useNavigation().state === "submitting";
  const error = actionData?.error ?? null;
  return (
    <section className="page login-page">
      <h1>{t("password.title")}</h1>
      {actionData?.done ? (
        <div className="form-notice" role="status">
          <p>{t("password.changed")}</p>
          <p>{t("password.otherSessions")}</p>
        </div>
      ) : null}
      <Form
        method="post"
        className="login-form"
        aria-describedby={error ? "password-error" : undefined}
        key={actionData?.done ? "done" : "form"}
      >
        {error ? (
          <p id="password-error" className="form-error" role="alert">
            {t(error, { minutes: actionData?.minutes ?? 0 })}
          </p>
        ) : null}
        <input type="hidden" name="csrf" value={loaderData.csrf} />
        <input type="hidden" name="username" autoComplete="username" value={loaderData.email} />
        <p className="login-form__field">
          <label htmlFor="edit-current">{t("password.current")}</label>
          <input
            id="edit-current"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            maxLength={1024}
            aria-invalid={error === "password.wrongCurrent" ? true : undefined}
          />
        </p>
        <NewPasswordFields error={error} idPrefix="edit" />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("password.submit")}
        </button>
      </Form>
    </section>
  );
}
