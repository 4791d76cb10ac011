import { useId } from "react";
import { Form } from "react-router";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { ALERT_FREQUENCIES, TITLE_MAX, type AlertFrequency, type FieldErrors } from "../saved-searches";

export type FormValues = { title: string; public: boolean; hero: boolean; alert: AlertFrequency };

/**
 * The save drawer's fields (spec §2 "Save/edit drawer", §4): title, public, 'add to hero' (MANAGE_USERS
 * only), the alert, then Cancel and Save. The same form serves /searches/new, /searches/{id} (plain posts,
 * no JavaScript needed) and the dialogs (fetcher forms, `js` set). Errors come from the server's zod
 * validation, one message per field.
 */
export function SavedSearchForm({
  action,
  csrf,
  query,
  values,
  errors,
  params,
  canHero,
  busy,
  FormComponent = Form,
  js = false,
  cancel,
}: {
  action: string;
  csrf: string;
  /** The search being saved (create only): its canonical query string. */
  query?: string;
  values: FormValues;
  errors?: FieldErrors | null;
  params?: Record<string, number>;
  canHero: boolean;
  busy: boolean;
  FormComponent?: React.ElementType;
  js?: boolean;
  /** Cancel: a link back (no JavaScript) or a button closing the dialog. */
  cancel: { href: string } | { onClick: () => void };
}) {
  const { t } = useI18n();
  const id = useId();
  const err = (field: keyof FieldErrors) => (errors?.[field] ? t(errors[field] as MessageKey, params) : null);
  const titleError = err("title");
  const formError = err("form") ?? err("query") ?? err("hero") ?? err("alert");
  return (
    <FormComponent method="post" action={action} className="saved-form" noValidate aria-describedby={formError ? `${id}-error` : undefined}>
      {formError && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {formError}
        </p>
      )}
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="intent" value="save" />
      {query !== undefined && <input type="hidden" name="query" value={query} />}
      {js && <input type="hidden" name="js" value="1" />}
      <p className="saved-form__field">
        <label htmlFor={`${id}-title`}>{t("savedSearches.field.title")}</label>
        <input
          id={`${id}-title`}
          name="title"
          defaultValue={values.title}
          maxLength={TITLE_MAX}
          required
          autoComplete="off"
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? `${id}-title-error` : undefined}
        />
        {titleError && (
          <span id={`${id}-title-error`} className="form-error" role="alert">
            {titleError}
          </span>
        )}
      </p>
      <p className="saved-form__check">
        <input id={`${id}-public`} type="checkbox" name="public" defaultChecked={values.public} aria-describedby={`${id}-public-hint`} />
        <label htmlFor={`${id}-public`}>{t("savedSearches.field.public")}</label>
        <span id={`${id}-public-hint`} className="saved-form__hint">
          {t("savedSearches.field.publicHint")}
        </span>
      </p>
      {canHero && (
        <p className="saved-form__check">
          <input
            id={`${id}-hero`}
            type="checkbox"
            // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox carries its checked state; aria-checked would repeat it
            role="switch"
            name="hero"
            defaultChecked={values.hero}
            aria-describedby={`${id}-hero-hint`}
          />
          <label htmlFor={`${id}-hero`}>{t("savedSearches.field.hero")}</label>
          <span id={`${id}-hero-hint`} className="saved-form__hint">
            {t("savedSearches.field.heroHint")}
          </span>
        </p>
      )}
      <p className="saved-form__field">
        <label htmlFor={`${id}-alert`}>{t("savedSearches.field.alert")}</label>
        <select id={`${id}-alert`} name="alert" defaultValue={values.alert} aria-describedby={`${id}-alert-hint`}>
          {ALERT_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {t(`savedSearches.alert.${f}` as MessageKey)}
            </option>
          ))}
        </select>
        <span id={`${id}-alert-hint`} className="saved-form__hint">
          {t("savedSearches.field.alertHint")}
        </span>
      </p>
      <div className="saved-form__buttons">
        {"href" in cancel ? (
          <a className="button" href={cancel.href}>
            {t("savedSearches.cancel")}
          </a>
        ) : (
          <button type="button" className="button" onClick={cancel.onClick}>
            {t("savedSearches.cancel")}
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("savedSearches.submit")}
        </button>
      </div>
    </FormComponent>
  );
}

/**
 * Delete with the spec's confirmation ('Confermi la cancellazione?', §4): a disclosure whose panel holds the
 * question and the confirming button, a plain form post: it works the same with and without JavaScript.
 */
export function DeleteSavedSearch({
  action,
  csrf,
  title,
  FormComponent = Form,
}: {
  action: string;
  csrf: string;
  title: string;
  FormComponent?: React.ElementType;
}) {
  const { t } = useI18n();
  return (
    <details className="saved-delete">
      <summary className="button button--small saved-delete__button" aria-label={t("savedSearches.deleteNamed", { title })}>
        {t("savedSearches.delete")}
      </summary>
      <FormComponent method="post" action={action} className="saved-delete__panel">
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="intent" value="delete" />
        <p>{t("savedSearches.confirmDelete")}</p>
        <button type="submit" className="button button--small saved-delete__confirm">
          {t("savedSearches.confirmYes")}
        </button>
      </FormComponent>
    </details>
  );
}
