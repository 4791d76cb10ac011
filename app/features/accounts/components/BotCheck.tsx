import { useEffect, useRef, useState } from "react";
import type { AltchaWidgetElement } from "altcha/types/generic";
import type {} from "altcha/types/react";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import type { BotCheckClient } from "../bot-check";
import { BOT_TOKEN_FIELD } from "./bot-token";

/**
 * The bot check inside a sign-in or reset form, as BOT_CHECK chose it (decision 047): nothing when it is off;
 * the ALTCHA widget (proof of work in the browser, started when the visitor focuses the form; the form
 * cannot be sent before it is done); or the reCAPTCHA checkbox. Both need JavaScript: without it the page
 * says so instead of a form that would be refused. `attempt` changes after each submission: a token
 * works once, so the check starts again.
 */
export function BotCheck({ config, attempt }: { config: BotCheckClient | null | undefined; attempt?: unknown }) {
  if (!config || config.mode === "off") return null;
  return (
    <div className="bot-check">
      <noscript>
        <p className="form-error">{<NoScriptText />}</p>
      </noscript>
      {config.mode === "altcha" ? (
        <Altcha challengeUrl={config.challengeUrl} attempt={attempt} />
      ) : (
        <Recaptcha siteKey={config.siteKey} attempt={attempt} />
      )}
    </div>
  );
}

function NoScriptText() {
  const { t } = useI18n();
  return <>{t("botcheck.noscript")}</>;
}

const ALTCHA_STRINGS: Record<string, MessageKey> = {
  label: "botcheck.altcha.label",
  verify: "botcheck.altcha.verify",
  verifying: "botcheck.altcha.verifying",
  verified: "botcheck.altcha.verified",
  error: "botcheck.altcha.error",
  expired: "botcheck.altcha.expired",
  verificationRequired: "botcheck.altcha.required",
  waitAlert: "botcheck.altcha.wait",
  loading: "botcheck.altcha.loading",
  reload: "botcheck.altcha.reload",
  cancel: "modal.close",
};

function Altcha({ challengeUrl, attempt }: { challengeUrl: string; attempt: unknown }) {
  const { t, locale } = useI18n();
  // "ssr" until the page runs JavaScript: then nothing but the <noscript> text is drawn.
  const [phase, setPhase] = useState<"ssr" | "loading" | "ready" | "failed">("ssr");
  const widget = useRef<AltchaWidgetElement>(null);
  const first = useRef(true);
  useEffect(() => {
    let live = true;
    setPhase((p) => (p === "ssr" ? "loading" : p));
    import("./altcha-client")
      .then(({ setAltchaStrings }) => {
        setAltchaStrings(locale, Object.fromEntries(Object.entries(ALTCHA_STRINGS).map(([k, key]) => [k, t(key)])));
        if (live) setPhase("ready");
      })
      .catch(() => live && setPhase("failed"));
    return () => {
      live = false;
    };
  }, [locale, t]);
  // A payload is spent by the request that carried it: after each attempt, a new challenge.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger: a new challenge after each attempt, though the effect does not read it
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const el = widget.current;
    if (el && typeof el.reset === "function") {
      el.reset();
      void el.verify().catch(() => undefined);
    }
  }, [attempt]);
  if (phase === "failed")
    return (
      <p className="form-error" role="alert">
        {t("botcheck.unavailable")}
      </p>
    );
  if (phase === "ssr") return null;
  if (phase === "loading") return <p className="bot-check__loading">{t("botcheck.altcha.loading")}</p>;
  return (
    <altcha-widget
      ref={widget as React.Ref<HTMLElement>}
      challenge={challengeUrl}
      name={BOT_TOKEN_FIELD}
      language={locale}
      auto="onfocus"
      configuration={JSON.stringify({ hideFooter: true, hideLogo: true, validationMessage: t("botcheck.altcha.required") })}
    />
  );
}

type Grecaptcha = { render(el: HTMLElement, o: { sitekey: string }): number; reset(id?: number): void; ready(cb: () => void): void };

function Recaptcha({ siteKey, attempt }: { siteKey: string; attempt: unknown }) {
  const { t, locale } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const id = useRef<number | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const w = window as unknown as { grecaptcha?: Grecaptcha; __tecaRecaptcha?: Promise<void> };
    // Google's script, allowed by the CSP only when BOT_CHECK=recaptcha (server/app.ts).
    w.__tecaRecaptcha ??= new Promise<void>((resolve, reject) => {
      const s = document.createElement("script");
      s.src = `https://www.google.com/recaptcha/api.js?render=explicit&hl=${encodeURIComponent(locale)}`;
      s.async = true;
      s.onload = () => resolve();
      s.onerror = () => reject(new Error("reCAPTCHA did not load"));
      document.head.appendChild(s);
    });
    let live = true;
    w.__tecaRecaptcha
      .then(() =>
        new Promise<void>((r) => w.grecaptcha!.ready(r)).then(() => {
          if (live && box.current && id.current === null) id.current = w.grecaptcha!.render(box.current, { sitekey: siteKey });
        }),
      )
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [siteKey, locale]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger: a new challenge after each attempt, though the effect does not read it
  useEffect(() => {
    const g = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
    if (g && id.current !== null) g.reset(id.current);
  }, [attempt]);
  if (failed)
    return (
      <p className="form-error" role="alert">
        {t("botcheck.unavailable")}
      </p>
    );
  return <div ref={box} className="bot-check__recaptcha" />;
}
