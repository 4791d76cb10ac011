import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login-2fa";
import { accountHeaders, accountMeta } from "../meta";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { localizePath, splitLocale, type UiLocale } from "~/lib/locale";
import { loginTarget } from "../redirect";
import { formToken } from "../http.server";
import { completeSecondStep, currentSecondStep, setupOf } from "../totp-login.server";
import { RecoveryCodes, SetupInstructions } from "../components/totp-parts";

/**
 * /login/2fa (decision 046): the second step of a password sign-in. With TOTP on, a code from the app or a
 * recovery code; when REQUIRE_2FA_FOR asks for it and TOTP is off, the setup (QR code, secret, first code)
 * and then the recovery codes, shown once. No session exists until this page says so.
 */

/** Requests whose action just finished the sign-in: their loader renders the codes, not a redirect. */
const finished = new WeakSet<object>();

export const headers = accountHeaders;

const expiredLogin = (locale: UiLocale, target: string) =>
  `${localizePath("/login", locale)}?msg=totp.expired${target ? `&redirect=${encodeURIComponent(target)}` : ""}`;

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { ui: locale } = splitLocale(url.pathname);
  const target = url.searchParams.get("redirect") ?? "";
  if (finished.has(context))
    return data({ csrf: "", redirect: target, step: "code" as const, setup: null }, { headers: { "Cache-Control": "private, no-store" } });
  if (context.viewer.kind === "user") throw redirect(loginTarget(target, locale));
  const step = await currentSecondStep({ database: context.database }, context.auth, request.headers.get("cookie"));
  if (!step) throw redirect(expiredLogin(locale, target));
  const { token, setCookie } = formToken(context);
  const setup = step.step === "setup" ? await setupOf({ database: context.database }, step, url.host) : null;
  return data(
    { csrf: token, redirect: target, step: step.step, setup: setup ? { secret: setup.secret, qr: setup.qr } : null },
    { headers: { "Cache-Control": "private, no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { ui: locale } = splitLocale(url.pathname);
  const form = await request.formData();
  const target = String(form.get("redirect") ?? "");
  const result = await completeSecondStep(
    { database: context.database },
    context.auth,
    request.headers.get("cookie"),
    String(form.get("code") ?? "").slice(0, 40),
  );
  switch (result.status) {
    case "expired": {
      const headers = new Headers();
      for (const c of result.setCookies) headers.append("Set-Cookie", c);
      throw redirect(expiredLogin(locale, target), { headers });
    }
    case "limited":
      return data(
        { error: "login.limited" as MessageKey, minutes: Math.ceil(result.retryAfter / 60), recoveryCodes: null, next: null },
        { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
      );
    case "wrong":
      return data({ error: "totp.wrongCode" as MessageKey, minutes: 0, recoveryCodes: null, next: null }, { status: 400 });
    case "ok": {
      const headers = new Headers();
      for (const c of result.setCookies) headers.append("Set-Cookie", c);
      const next = loginTarget(target, locale);
      // A setup just done: the recovery codes are shown once, then the user goes on.
      if (result.recoveryCodes) {
        finished.add(context);
        return data({ error: null, minutes: 0, recoveryCodes: result.recoveryCodes, next }, { headers });
      }
      throw redirect(next, { headers });
    }
  }
}

export const meta = accountMeta("totp.stepTitle");

export const handle = { layout: "default", capability: "PUBLIC" };

export default function LoginSecondFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const error = actionData?.error;
  if (actionData?.recoveryCodes && actionData.next) {
    return (
      <section className="page login-page">
        <h1>{t("totp.codesTitle")}</h1>
        <RecoveryCodes codes={actionData.recoveryCodes} />
        <p>
          <a className="button button--primary" href={actionData.next}>
            {t("totp.continue")}
          </a>
        </p>
      </section>
    );
  }
  const setup = loaderData.setup;
  return (
    <section className="page login-page">
      <h1>{t(setup ? "totp.setupTitle" : "totp.stepTitle")}</h1>
      {setup ? (
        <>
          <p>{t("totp.requiredIntro")}</p>
          <SetupInstructions qr={setup.qr} secret={setup.secret} />
        </>
      ) : (
        <p id="totp-step-intro">{t("totp.stepIntro")}</p>
      )}
      <Form method="post" className="login-form" aria-describedby={error ? "totp-error" : undefined}>
        {error ? (
          <p id="totp-error" className="form-error" role="alert">
            {t(error, { minutes: actionData?.minutes ?? 0 })}
          </p>
        ) : null}
        <input type="hidden" name="csrf" value={loaderData.csrf} />
        <input type="hidden" name="redirect" value={loaderData.redirect} />
        <p className="login-form__field">
          <label htmlFor="totp-code">{t(setup ? "totp.code" : "totp.codeOrRecovery")}</label>
          <input
            id="totp-code"
            name="code"
            type="text"
            inputMode={setup ? "numeric" : "text"}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            required
            maxLength={40}
            aria-invalid={error ? true : undefined}
            aria-describedby="totp-code-hint"
          />
          <span id="totp-code-hint" className="login-form__hint">
            {t(setup ? "totp.codeHint" : "totp.recoveryHint")}
          </span>
        </p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("totp.verify")}
        </button>
      </Form>
    </section>
  );
}
