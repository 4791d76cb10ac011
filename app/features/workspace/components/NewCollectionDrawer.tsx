import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { useI18n } from "~/i18n/context";
import { Modal } from "~/ui/Modal";
import type { CardActionTarget } from "~/ui/card-actions";
import { post } from "./pin-requests";

/** The new-collection drawer (spec §4, §2 "Save/edit drawer"), prefilled with the record and its image. */
export default function NewCollectionDrawer({ target, onClose, onCreated }: { target: CardActionTarget | null; onClose: () => void; onCreated: (title: string) => void }) {
  const { t, locale } = useI18n();
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const title = String(new FormData(e.currentTarget).get("title") ?? "").trim();
    if (!title) {
      setError(t("workspace.error.title"));
      return;
    }
    setBusy(true);
    const items = target ? [{ table: target.table, id: target.id }] : [];
    const r = await post("/api/auth/docs/saveDoc", { collection: "collections", locale, data: { title, items } });
    setBusy(false);
    if (!r.ok) {
      setError(r.message ?? t("workspace.error.generic"));
      return;
    }
    onCreated(title);
    onClose();
    void revalidator.revalidate();
  }
  const heading = target ? t("workspace.collections.newWith", { title: target.title }) : t("workspace.collections.new");
  return (
    <Modal open onClose={onClose} title={heading} variant="drawer" closeLabel={t("modal.close")}>
      <form onSubmit={onSubmit} className="workspace-form" noValidate>
        {target ? (
          <div className="workspace-form__item">
            {target.image ? <img src={target.image} alt="" width={96} height={72} /> : null}
            <span>{target.title}</span>
          </div>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <p className="login-form__field">
          <label htmlFor={`${id}-title`}>{t("workspace.collections.titleField")}</label>
          <input id={`${id}-title`} name="title" maxLength={120} required autoFocus aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
        </p>
        <p className="workspace-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("workspace.collection.save")}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t("workspace.collections.cancel")}
          </button>
        </p>
      </form>
    </Modal>
  );
}
