import { useEffect, useId, useRef, useState } from "react";
import { useI18n } from "~/i18n/context";
import { Modal } from "~/ui/Modal";

/** A check box of the drawer (the public flag of searches, the 'add to hero' switch where allowed). */
export type SaveDrawerFlag = { label: string; hint?: string; defaultChecked: boolean };

export type SaveDrawerValues = {
  title: string;
  /** The public box's state (false when the drawer has none). */
  public: boolean;
  /** The hero switch's state (false when the drawer has none). */
  hero: boolean;
  /** Every field of the form, for fields a caller adds (`children`). */
  form: FormData;
};

/** What a save or delete answers: an error to show in the drawer, or nothing (done; the caller closes it). */
// biome-ignore lint/suspicious/noConfusingVoidType: a caller's handler may be an async function that returns nothing (Promise<void>)
type Answer = string | null | undefined | void;

/**
 * The one save drawer (spec §2 "Save/edit drawer", §4 "Save drawer") for collections, saved searches,
 * moodboards and stories (decision 066): a title ('Ricordati di inserire il titolo' when empty, nothing
 * sent), the public box for searches, the 'add to hero' switch where allowed, then Delete, Cancel and
 * Save. Delete asks 'Confermi la cancellazione?' and calls `onDelete` only when confirmed. The drawer
 * knows no endpoint: `onSave` creates (no id) or updates only what the caller sends (with an id), and
 * the caller closes the drawer once it succeeded ("either way it then closes"); an answered string is
 * shown as the drawer's error and the drawer stays open.
 *
 * The title is the drawer's own (`defaultTitle`, reset at each opening) unless the caller holds it
 * (`title` and `onTitleChange`: the editors, whose title is part of their unsaved work).
 */
export function SaveDrawer({
  open,
  onClose,
  heading,
  className = "",
  title,
  onTitleChange,
  defaultTitle = "",
  titleLabel,
  maxLength = 120,
  publicFlag,
  hero,
  before,
  children,
  status,
  error,
  busy = false,
  onSave,
  onDelete,
  deleteLabel,
  saveLabel,
  busyLabel,
  confirming = false,
}: {
  open: boolean;
  onClose: () => void;
  heading: string;
  className?: string;
  title?: string;
  onTitleChange?: (title: string) => void;
  defaultTitle?: string;
  titleLabel?: string;
  maxLength?: number;
  publicFlag?: SaveDrawerFlag;
  hero?: SaveDrawerFlag;
  /** Shown above the fields (what is being saved, e.g. the records going into a new collection). */
  before?: React.ReactNode;
  /** More fields, after the flags (e.g. a saved search's alert). */
  children?: React.ReactNode;
  /** Shown instead of the form (loading, or an error loading it). */
  status?: React.ReactNode;
  /** An error from the caller (e.g. a stale save), shown in the drawer. */
  error?: string | null;
  busy?: boolean;
  onSave: (values: SaveDrawerValues) => Promise<Answer> | Answer;
  /** Deleting: offered only when given (an item that exists). */
  onDelete?: () => Promise<Answer> | Answer;
  deleteLabel?: string;
  saveLabel?: string;
  busyLabel?: string;
  /** Opens with the delete confirmation already asked (a separate "Delete" button elsewhere opened it). */
  confirming?: boolean;
}) {
  const { t } = useI18n();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={heading}
      variant="drawer"
      closeLabel={t("modal.close")}
      className={`save-drawer ${className}`}
    >
      {status ?? (
        <SaveDrawerForm
          {...{
            onClose,
            title,
            onTitleChange,
            defaultTitle,
            titleLabel,
            maxLength,
            publicFlag,
            hero,
            before,
            children,
            error,
            busy,
            onSave,
            onDelete,
            deleteLabel,
            saveLabel,
            busyLabel,
            confirming,
          }}
        />
      )}
    </Modal>
  );
}

function SaveDrawerForm({
  onClose,
  title,
  onTitleChange,
  defaultTitle,
  titleLabel,
  maxLength,
  publicFlag,
  hero,
  before,
  children,
  error,
  busy,
  onSave,
  onDelete,
  deleteLabel,
  saveLabel,
  busyLabel,
  confirming: confirmFirst,
}: Omit<Parameters<typeof SaveDrawer>[0], "open" | "heading" | "className" | "status"> & {
  defaultTitle: string;
  maxLength: number;
  busy: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  // The form is mounted at each opening (Modal renders its body only while open): its state starts afresh.
  const [own, setOwn] = useState(defaultTitle);
  const value = title ?? own;
  const [titleError, setTitleError] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState(Boolean(confirmFirst));
  const titleRef = useRef<HTMLInputElement>(null);
  // Declining the deletion gives the focus back to Delete (the confirmation that held it goes away).
  const deleteRef = useRef<HTMLButtonElement>(null);
  const backToDelete = useRef(false);
  useEffect(() => {
    if (confirming || !backToDelete.current) return;
    backToDelete.current = false;
    deleteRef.current?.focus();
  }, [confirming]);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);
  const working = busy || pending;
  const shown = failure ?? error ?? null;

  async function run(action: () => Promise<Answer> | Answer) {
    setPending(true);
    setFailure(null);
    try {
      const answer = await action();
      if (mounted.current && typeof answer === "string") setFailure(answer);
    } catch {
      if (mounted.current) setFailure(t("workspace.error.generic"));
    } finally {
      if (mounted.current) setPending(false);
    }
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const clean = value.trim();
    if (!clean) {
      setTitleError(true);
      titleRef.current?.focus();
      return;
    }
    setTitleError(false);
    void run(() => onSave({ title: clean, public: form.get("public") === "on", hero: form.get("hero") === "on", form }));
  }

  return (
    <form className="save-drawer__form" noValidate onSubmit={submit}>
      {before}
      {shown ? (
        <p id={`${id}-error`} className="form-error" role="alert">
          {shown}
        </p>
      ) : null}
      <p className="save-drawer__field">
        <label htmlFor={`${id}-title`}>{titleLabel ?? t("saveDrawer.title")}</label>
        <input
          ref={titleRef}
          id={`${id}-title`}
          name="title"
          value={value}
          maxLength={maxLength}
          required
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the drawer the user just opened: the focus goes to its first field
          autoFocus={!confirming}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? `${id}-title-error` : undefined}
          onChange={(e) => {
            if (onTitleChange) onTitleChange(e.target.value);
            else setOwn(e.target.value);
            if (titleError) setTitleError(false);
          }}
        />
        {titleError ? (
          <span id={`${id}-title-error`} className="form-error" role="alert">
            {t("workspace.error.title")}
          </span>
        ) : null}
      </p>
      {publicFlag ? <Flag id={`${id}-public`} name="public" flag={publicFlag} /> : null}
      {hero ? <Flag id={`${id}-hero`} name="hero" flag={hero} role="switch" /> : null}
      {children}
      {confirming && onDelete ? (
        // biome-ignore lint/a11y/useSemanticElements: a labelled confirmation (a question and two buttons), not a set of form fields (<fieldset>)
        <div className="save-drawer__confirm" role="group" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>{t("saveDrawer.confirmDelete")}</p>
          {/* biome-ignore lint/a11y/noAutofocus: the confirmation the user just asked for: the focus goes to its answer */}
          <button type="button" className="button button--danger" autoFocus disabled={working} onClick={() => void run(onDelete)}>
            {t("saveDrawer.confirmYes")}
          </button>{" "}
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              backToDelete.current = true;
              setConfirming(false);
            }}
          >
            {t("saveDrawer.confirmNo")}
          </button>
        </div>
      ) : null}
      <div className="save-drawer__buttons">
        {onDelete ? (
          <button
            ref={deleteRef}
            type="button"
            className="button button--ghost save-drawer__delete"
            disabled={working || confirming}
            onClick={() => setConfirming(true)}
          >
            {deleteLabel ?? t("saveDrawer.delete")}
          </button>
        ) : (
          <span />
        )}
        <span className="save-drawer__end">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t("saveDrawer.cancel")}
          </button>
          <button type="submit" className="button button--primary" disabled={working}>
            {working && busyLabel ? busyLabel : (saveLabel ?? t("saveDrawer.save"))}
          </button>
        </span>
      </div>
    </form>
  );
}

function Flag({ id, name, flag, role }: { id: string; name: string; flag: SaveDrawerFlag; role?: "switch" }) {
  return (
    <p className="save-drawer__check">
      <input
        id={id}
        type="checkbox"
        role={role}
        name={name}
        defaultChecked={flag.defaultChecked}
        aria-describedby={flag.hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id}>{flag.label}</label>
      {flag.hint ? (
        <span id={`${id}-hint`} className="save-drawer__hint">
          {flag.hint}
        </span>
      ) : null}
    </p>
  );
}
