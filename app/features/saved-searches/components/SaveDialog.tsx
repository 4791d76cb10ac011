import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useRouteLoaderData } from "react-router";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";
import { Modal } from "~/ui/Modal";
import type { RootData } from "~/root";
import { searchQueryString, type SearchParams } from "~/features/search/search-params";
import type { ActionAnswer } from "../routes.server";
import type { FieldErrors } from "../saved-searches";
import { SavedSearchForm, type FormValues } from "./SavedSearchForm";

/** What /searches/new and /searches/{id} answer to the dialog's fetcher (their loaders). */
export type SaveFormData = { csrf: string; canHero: boolean; query?: string; values: FormValues };

/**
 * The save drawer as a dialog (spec §2, §4): it loads the form's data from the page that also works
 * without JavaScript (`href`, /searches/new?… or /searches/{id}), posts to it, and on success closes and
 * reports what was done (`onDone`). Errors stay in the dialog, on their fields.
 */
export function SaveDialog({ open, onClose, href, title, onDone }: { open: boolean; onClose: () => void; href: string; title: string; onDone: (done: "saved" | "updated") => void }) {
  const { t } = useI18n();
  return (
    <Modal open={open} onClose={onClose} title={title} closeLabel={t("modal.close")} className="saved-dialog">
      <SaveDialogBody href={href} onClose={onClose} onDone={onDone} />
    </Modal>
  );
}

function SaveDialogBody({ href, onClose, onDone }: { href: string; onClose: () => void; onDone: (done: "saved" | "updated") => void }) {
  const { t } = useI18n();
  const load = useFetcher<SaveFormData>();
  const save = useFetcher<ActionAnswer>();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void load.load(href);
  }, [href, load]);
  const answer = save.data;
  useEffect(() => {
    if (save.state === "idle" && answer?.ok && answer.done !== "deleted") {
      onDone(answer.done);
      onClose();
    }
  }, [save.state, answer, onDone, onClose]);
  const form = load.data;
  if (!form) {
    return load.state === "idle" && started.current ? (
      <p className="form-error" role="alert">
        {t("savedSearches.dialogError")}
      </p>
    ) : (
      <p role="status">{t("app.loading")}</p>
    );
  }
  const failed = answer && !answer.ok ? answer : null;
  const values: FormValues = failed ? failed.values : form.values;
  return (
    <SavedSearchForm
      key={failed ? JSON.stringify(failed.errors) : "form"}
      action={href.split("?")[0]!}
      csrf={form.csrf}
      query={form.query}
      values={values}
      errors={failed?.errors as FieldErrors | undefined}
      params={failed?.params}
      canHero={form.canHero}
      busy={save.state !== "idle"}
      FormComponent={save.Form}
      js
      cancel={{ onClick: onClose }}
    />
  );
}

/**
 * "Save this search" on the search page, for signed-in users only (visitors see nothing): a link to the
 * save form page that, once the page runs JavaScript, opens the dialog instead. A successful save is
 * confirmed for 3 s (spec §9) beside the button, with a link to the list; the focus stays where it was.
 */
export function SaveSearchControl({ params }: { params: SearchParams }) {
  const root = useRouteLoaderData<RootData>("root");
  const { t, locale } = useI18n();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), 3000);
    return () => clearTimeout(timer);
  }, [saved]);
  if (!root?.user) return null;
  const href = localizePath("/searches/new", locale) + searchQueryString(params, { page: 0, print: false });
  return (
    <div className="save-search">
      <a
        className="button button--small save-search__button"
        href={href}
        aria-haspopup="dialog"
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          setOpen(true);
        }}
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 20 20"><path d="M5 3h10v14l-5-4-5 4z" stroke="currentColor" strokeWidth="2" fill="none" strokeLinejoin="round" /></svg>
        {t("savedSearches.save")}
      </a>
      <span role="status" className="save-search__status">
        {saved ? (
          <>
            {t("savedSearches.saved")} <Link to={localizePath("/searches", locale)}>{t("savedSearches.viewAll")}</Link>
          </>
        ) : null}
      </span>
      <SaveDialog open={open} onClose={() => setOpen(false)} href={href} title={t("savedSearches.new")} onDone={() => setSaved(true)} />
    </div>
  );
}
