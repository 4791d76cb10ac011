import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import { useRootData } from "~/root-data";
import { useI18n } from "~/i18n/context";
import { apiFetch } from "~/lib/api-fetch";
import { Modal } from "~/ui/Modal";
import { BOT_TOKEN_FIELD } from "./bot-token";

/** Loaded when the popup opens: every page carries the popup, few visitors open it (the JavaScript budget). */
const BotCheck = lazy(() => import("./BotCheck").then((m) => ({ default: m.BotCheck })));

/**
 * The login popup (spec §2): email, password, login and close, in a native modal dialog (focus stays inside,
 * Escape closes it and focus returns to 'Accedi'). It posts to /api/public/login; on success the dialog
 * closes and the page reloads its data where it is (the header shows the user, restricted records appear).
 * Any failure says 'Nome utente o password errati.' (the server's text), a limit its own text. Like /login it
 * carries the bot check (decision 047) and, when single sign-on is configured, its button.
 */
export function LoginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Modal open={open} onClose={onClose} title={t("menu.loginDialog")} closeLabel={t("modal.close")} className="login-dialog">
      <LoginDialogForm onDone={onClose} open={open} />
    </Modal>
  );
}

function LoginDialogForm({ onDone, open }: { onDone: () => void; open: boolean }) {
  const { t, locale } = useI18n();
  const revalidator = useRevalidator();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const email = useRef<HTMLInputElement>(null);
  const options = useRootData();
  const login = options?.login ?? null;
  const location = useLocation();
  const back = location.pathname + location.search;
  // The dialog opens (showModal, which focuses its first control) after this form mounts: focus the
  // e-mail field once it has.
  useEffect(() => {
    const timer = setTimeout(() => email.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, []);
  return (
    <form
      className="login-form"
      method="post"
      action={`/api/public/login`}
      aria-describedby={error ? `${id}-error` : undefined}
      onSubmit={async (e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        setBusy(true);
        setError(null);
        try {
          const res = await apiFetch("/api/public/login", {
            method: "POST",
            headers: { "Content-Type": "application/json", Accept: "application/json" },
            body: JSON.stringify({
              email: form.get("email"),
              password: form.get("password"),
              botToken: form.get(BOT_TOKEN_FIELD) ?? form.get("g-recaptcha-response") ?? undefined,
              locale,
            }),
            expect401: true,
          });
          // A second factor is due (decision 046): its page, then back here.
          if (res.status === 202) {
            const next = ((await res.json().catch(() => null)) as { secondFactor?: { next?: string } } | null)?.secondFactor?.next;
            if (next?.startsWith("/")) {
              window.location.assign(`${next}?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`);
              return;
            }
          }
          if (res.ok) {
            onDone();
            await revalidator.revalidate();
            return;
          }
          const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
          setError(body?.error?.message ?? t("login.errore"));
        } catch {
          setError(t("error.generic"));
        } finally {
          setBusy(false);
          // The token is spent: the next attempt needs a new check.
          setAttempt((n) => n + 1);
        }
      }}
    >
      {error ? (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="login-form__field">
        <label htmlFor={`${id}-email`}>{t("login.email")}</label>
        <input
          id={`${id}-email`}
          ref={email}
          name="email"
          type="email"
          autoComplete="username"
          required
          aria-invalid={error ? true : undefined}
        />
      </p>
      <p className="login-form__field">
        <label htmlFor={`${id}-password`}>{t("login.password")}</label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={error ? true : undefined}
        />
      </p>
      {open && login && login.botCheck.mode !== "off" ? (
        <Suspense fallback={null}>
          <BotCheck config={login.botCheck} attempt={attempt} />
        </Suspense>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        {t("login.submit")}
      </button>
      {login?.sso ? (
        <p className="login-sso">
          <span className="login-sso__or">{t("sso.or")}</span>
          <a className="button" href={`/auth/oidc/start?locale=${locale}&redirect=${encodeURIComponent(back)}`}>
            {t("sso.button", { label: login.sso })}
          </a>
        </p>
      ) : null}
    </form>
  );
}
