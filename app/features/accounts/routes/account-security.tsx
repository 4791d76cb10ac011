import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/account-security";
import { accountHeaders, accountMeta } from "../meta";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { serviceContext, type ServiceContext } from "~/.server/context";
import { notFound } from "~/.server/errors";
import { getUser, verifyCurrentPassword } from "../accounts.server";
import { attemptSucceeded, reserveAttempt } from "../limits.server";
import { formToken } from "../http.server";
import {
  beginSetup,
  confirmSetup,
  disableTotp,
  pendingSetup,
  requiredForSite,
  secondStepOf,
  totpState,
  verifySecondFactor,
} from "../totp.server";
import { RecoveryCodes, SetupInstructions } from "../components/totp-parts";

/**
 * /account/security (decision 046): a signed-in user with a password here turns two-factor sign-in on (scan
 * the QR code or type the secret, confirm with a code, keep the ten recovery codes shown once) or off (with
 * a code). Turning it on asks for the current password first (decision 048): a session left open on a shared
 * computer is not enough to tie the account to someone else's phone. SSO users get the 404 page: their
 * provider handles it.
 */

async function passwordUser(ctx: ServiceContext) {
  const user = ctx.viewer.userId ? await getUser(ctx, ctx.viewer.userId) : null;
  if (!user || user.sso) throw notFound();
  return user;
}

/** Whether REQUIRE_2FA_FOR or the site option require2faFor covers this user: then it cannot be turned off. */
async function requiredFor(ctx: ServiceContext, user: { level: number }) {
  return secondStepOf({ level: user.level, totpSecret: null, sso: false }, await requiredForSite(ctx)) === "setup";
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const user = await passwordUser(ctx);
  const state = await totpState(ctx, user.id);
  const setup = state.enabled ? null : await pendingSetup(ctx, user.id, url.host);
  const { token, setCookie } = formToken(context);
  const required = await requiredFor(ctx, user);
  return data(
    {
      csrf: token,
      enabled: state.enabled,
      recoveryLeft: state.recoveryLeft,
      required,
      setup: setup ? { secret: setup.secret, qr: setup.qr } : null,
    },
    { headers: { "Cache-Control": "private, no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}

export const headers = accountHeaders;

type ActionData = { error: MessageKey | null; minutes: number; recoveryCodes: string[] | null; done: MessageKey | null };
const reply = (d: Partial<ActionData>, init?: ResponseInit) =>
  data<ActionData>({ error: null, minutes: 0, recoveryCodes: null, done: null, ...d }, init);

export async function action({ request, context, url }: Route.ActionArgs) {
  const ctx = serviceContext(context, url);
  const user = await passwordUser(ctx);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const code = String(form.get("code") ?? "").slice(0, 40);
  const actor = { userId: user.id, address: context.auth?.address ?? "" };
  if (intent !== "begin" && intent !== "confirm" && intent !== "disable") return reply({ error: "totp.wrongCode" }, { status: 400 });
  // Required for the user's role (decision 048): it stays on (a manager may reset it, the sign-in then sets it up again).
  if (intent === "disable" && (await requiredFor(ctx, user))) return reply({ error: "totp.requiredNoDisable" }, { status: 409 });
  // Codes and passwords typed here are counted like sign-in attempts, before they are checked (the same
  // limits, decision 081): this page cannot be used to guess.
  const who = { email: user.email, address: actor.address };
  const wait = await reserveAttempt(ctx, who);
  if (wait > 0)
    return reply({ error: "login.limited", minutes: Math.ceil(wait / 60) }, { status: 429, headers: { "Retry-After": String(wait) } });
  if (intent === "begin") {
    if (!(await verifyCurrentPassword(ctx, user.id, String(form.get("currentPassword") ?? ""))))
      return reply({ error: "password.wrongCurrent" }, { status: 400 });
    await attemptSucceeded(ctx, who);
    const started = await beginSetup(ctx, user.id, url.host);
    return started ? reply({}) : reply({ error: "totp.alreadyOn" }, { status: 409 });
  }
  const wrong = () => reply({ error: "totp.wrongCode" }, { status: 400 });
  if (intent === "confirm") {
    const codes = await confirmSetup(ctx, user.id, code, actor);
    if (!codes) return wrong();
    await attemptSucceeded(ctx, who);
    return reply({ recoveryCodes: codes, done: "totp.enabledNow" });
  }
  if (!(await verifySecondFactor(ctx, user.id, code))) return wrong();
  await attemptSucceeded(ctx, who);
  await disableTotp(ctx, user.id, actor);
  return reply({ done: "totp.disabledNow" });
}

export const meta = accountMeta("totp.pageTitle");

export const handle = { layout: "default" };

export default function AccountSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const error = actionData?.error ?? null;
  const errorBlock = error ? (
    <p id="totp-error" className="form-error" role="alert">
      {t(error, { minutes: actionData?.minutes ?? 0 })}
    </p>
  ) : null;
  const codeField = (hint: MessageKey) => (
    <p className="login-form__field">
      <label htmlFor="totp-code">{t("totp.code")}</label>
      <input
        id="totp-code"
        name="code"
        type="text"
        autoComplete="one-time-code"
        spellCheck={false}
        required
        maxLength={40}
        aria-invalid={error ? true : undefined}
        aria-describedby="totp-code-hint"
      />
      <span id="totp-code-hint" className="login-form__hint">
        {t(hint)}
      </span>
    </p>
  );
  return (
    <section className="page login-page">
      <h1>{t("totp.pageTitle")}</h1>
      {actionData?.done ? (
        <p className="form-notice" role="status">
          {t(actionData.done)}
        </p>
      ) : null}
      {actionData?.recoveryCodes ? <RecoveryCodes codes={actionData.recoveryCodes} /> : null}
      {loaderData.enabled ? (
        <>
          <p>{t("totp.statusOn", { n: loaderData.recoveryLeft })}</p>
          {loaderData.required ? (
            // Required for the user's role (decision 048): no form to turn it off.
            (errorBlock ?? <p className="form-notice">{t("totp.requiredNoDisable")}</p>)
          ) : (
            <>
              <h2>{t("totp.disable")}</h2>
              <Form method="post" className="login-form" aria-describedby={error ? "totp-error" : undefined}>
                {errorBlock}
                <input type="hidden" name="csrf" value={loaderData.csrf} />
                <input type="hidden" name="intent" value="disable" />
                {codeField("totp.recoveryHint")}
                <button type="submit" className="button" disabled={busy}>
                  {t("totp.disable")}
                </button>
              </Form>
            </>
          )}
        </>
      ) : actionData?.recoveryCodes ? null : loaderData.setup ? (
        <>
          <p>{t("totp.setupIntro")}</p>
          <SetupInstructions qr={loaderData.setup.qr} secret={loaderData.setup.secret} />
          <Form method="post" className="login-form" aria-describedby={error ? "totp-error" : undefined}>
            {errorBlock}
            <input type="hidden" name="csrf" value={loaderData.csrf} />
            <input type="hidden" name="intent" value="confirm" />
            {codeField("totp.codeHint")}
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("totp.confirm")}
            </button>
          </Form>
        </>
      ) : (
        <>
          <p>{t("totp.statusOff")}</p>
          <Form method="post" className="login-form" aria-describedby={error ? "totp-error" : "totp-password-first"}>
            {errorBlock}
            <p id="totp-password-first">{t("totp.passwordFirst")}</p>
            <input type="hidden" name="csrf" value={loaderData.csrf} />
            <input type="hidden" name="intent" value="begin" />
            <p className="login-form__field">
              <label htmlFor="totp-current-password">{t("password.current")}</label>
              <input
                id="totp-current-password"
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                required
                maxLength={1024}
                aria-invalid={error ? true : undefined}
              />
            </p>
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("totp.enable")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
