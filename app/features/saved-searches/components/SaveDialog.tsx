import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { localizePath } from "~/lib/locale";
import { useRootData } from "~/root-data";
import { searchQueryString, type SearchParams } from "~/features/search";
import { SaveDrawer } from "~/components/SaveDrawer";
import { post } from "~/features/workspace";
import { ALERT_FREQUENCIES, TITLE_MAX, type AlertFrequency } from "../saved-searches";
import type { FormValues } from "./SavedSearchForm";

/** What /searches/new and /searches/{id} answer to the dialog's fetcher (their loaders). */
export type SaveFormData = { csrf: string; canHero: boolean; query?: string; values: FormValues; invalid?: boolean };

/**
 * The save drawer of a search (spec §2, §4) on the one save drawer (decision 066): it loads the form's
 * values from the page that also works without JavaScript (`href`, /searches/new?… or /searches/{id}), then
 * saves through the JSON call: without an id it creates the search, with one it sends only the title, the
 * public flag (and the hero switch when the user may set it) and the alert. Delete (an existing search)
 * asks 'Confermi la cancellazione?'. On success the page's data is re-read, `onDone` says what was done and
 * the drawer closes; errors stay in the drawer.
 */
export function SaveDialog({
  open,
  onClose,
  href,
  title,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  href: string;
  title: string;
  onDone: (done: "saved" | "updated" | "deleted") => void;
}) {
  const { t, locale } = useI18n();
  const revalidator = useRevalidator();
  // What the loader child fetched for `href` (null: it failed); it lives only while the drawer is open.
  const [loaded, setLoaded] = useState<{ href: string; data: SaveFormData | null } | null>(null);
  // The page's data is re-read once the drawer has closed (and its loader child, whose fetcher would be
  // revalidated too — a deleted search's page answers 404 — is gone).
  const [reread, setReread] = useState(false);
  useEffect(() => {
    if (!open) setLoaded(null);
  }, [open]);
  useEffect(() => {
    if (!reread || open) return;
    setReread(false);
    void revalidator.revalidate();
  }, [reread, open, revalidator]);
  const path = href.split("?")[0]!;
  // /searches/{id}: the id is the last segment; /searches/new creates.
  const id = path.endsWith("/searches/new") ? null : path.slice(path.lastIndexOf("/") + 1);
  const current = loaded?.href === href ? loaded : null;
  const form = current?.data ?? undefined;
  const status = !current ? (
    <p role="status">{t("app.loading")}</p>
  ) : !form ? (
    <p className="form-error" role="alert">
      {t("savedSearches.dialogError")}
    </p>
  ) : form.invalid ? (
    <p className="form-error" role="alert">
      {t("savedSearches.queryInvalid")}
    </p>
  ) : null;
  const finish = (done: "saved" | "updated" | "deleted") => {
    onDone(done);
    onClose();
    setReread(true);
  };

  async function call(path: string, body: unknown): Promise<string | null> {
    const r = await post(path, body);
    return r.ok ? null : (r.message ?? t("workspace.error.generic"));
  }

  return (
    <>
      {open && href && !current ? <FormLoader href={href} onLoaded={setLoaded} /> : null}
      <SaveDrawer
        open={open}
        onClose={onClose}
        heading={title}
        className="saved-dialog"
        status={status}
        defaultTitle={form?.values.title ?? ""}
        titleLabel={t("savedSearches.field.title")}
        maxLength={TITLE_MAX}
        publicFlag={{
          label: t("savedSearches.field.public"),
          hint: t("savedSearches.field.publicHint"),
          defaultChecked: form?.values.public ?? false,
        }}
        hero={
          form?.canHero
            ? { label: t("savedSearches.field.hero"), hint: t("savedSearches.field.heroHint"), defaultChecked: form.values.hero }
            : undefined
        }
        saveLabel={t("savedSearches.submit")}
        onSave={async (v) => {
          const data = {
            title: v.title,
            public: v.public,
            alert: String(v.form.get("alert") ?? "none"),
            ...(form?.canHero ? { hero: v.hero } : {}),
          };
          const error = await call(
            "/api/auth/docs/saveSearch",
            id ? { locale, name: id, data } : { locale, data: { ...data, query: form?.query ?? "" } },
          );
          if (error) return error;
          finish(id ? "updated" : "saved");
        }}
        onDelete={
          id
            ? async () => {
                const error = await call("/api/auth/docs/removeSearch", { locale, name: id });
                if (error) return error;
                finish("deleted");
              }
            : undefined
        }
      >
        {form ? <AlertField value={form.values.alert} /> : null}
      </SaveDrawer>
    </>
  );
}

/** Loads the drawer's values from the save page's loader while the drawer waits for them. */
function FormLoader({ href, onLoaded }: { href: string; onLoaded: (loaded: { href: string; data: SaveFormData | null }) => void }) {
  const load = useFetcher<SaveFormData>();
  const started = useRef(false);
  const busy = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void load.load(href);
  }, [href, load]);
  useEffect(() => {
    if (load.state !== "idle") busy.current = true;
    else if (busy.current) onLoaded({ href, data: load.data ?? null });
  }, [load.state, load.data, href, onLoaded]);
  return null;
}

/** The saved search's e-mail alert (issue 15 §2), the one field the save drawer adds for searches. */
function AlertField({ value }: { value: AlertFrequency }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <p className="save-drawer__field">
      <label htmlFor={`${id}-alert`}>{t("savedSearches.field.alert")}</label>
      <select id={`${id}-alert`} name="alert" defaultValue={value} aria-describedby={`${id}-alert-hint`}>
        {ALERT_FREQUENCIES.map((f) => (
          <option key={f} value={f}>
            {t(`savedSearches.alert.${f}` as MessageKey)}
          </option>
        ))}
      </select>
      <span id={`${id}-alert-hint`} className="save-drawer__hint">
        {t("savedSearches.field.alertHint")}
      </span>
    </p>
  );
}

/**
 * "Save this search" on the search page, for signed-in users only (visitors see nothing): a link to the
 * save form page that, once the page runs JavaScript, opens the dialog instead. A successful save is
 * confirmed for 3 s (spec §9) beside the button, with a link to the list; the focus stays where it was.
 */
export function SaveSearchControl({ params }: { params: SearchParams }) {
  const root = useRootData();
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
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 20 20">
          <path d="M5 3h10v14l-5-4-5 4z" stroke="currentColor" strokeWidth="2" fill="none" strokeLinejoin="round" />
        </svg>
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
