import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";

/**
 * The new password and its confirmation, with the rule as the field's description (spec §5). The server
 * checks both; the browser only keeps the length.
 */
export function NewPasswordFields({ error, idPrefix }: { error: MessageKey | null; idPrefix: string }) {
  const { t } = useI18n();
  const invalid = error === "password.invalid" || error === "password.mismatch";
  return (
    <>
      <p className="login-form__field">
        <label htmlFor={`${idPrefix}-password`}>{t("password.new")}</label>
        <input
          id={`${idPrefix}-password`}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={256}
          aria-describedby={`${idPrefix}-rule`}
          aria-invalid={error === "password.invalid" ? true : undefined}
        />
        <small id={`${idPrefix}-rule`} className="login-form__hint">
          {t("password.invalid")}
        </small>
      </p>
      <p className="login-form__field">
        <label htmlFor={`${idPrefix}-confirmation`}>{t("password.confirm")}</label>
        <input
          id={`${idPrefix}-confirmation`}
          name="confirmation"
          type="password"
          autoComplete="new-password"
          required
          maxLength={256}
          aria-invalid={invalid && error === "password.mismatch" ? true : undefined}
        />
      </p>
    </>
  );
}
