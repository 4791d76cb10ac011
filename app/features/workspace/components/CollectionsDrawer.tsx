import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useI18n } from "~/i18n/context";
import { Modal } from "~/ui/Modal";
import { DEFAULT_PLACEHOLDER } from "~/features/site";
import { useRootData } from "~/root-data";

const CollectionsPanel = lazy(() => import("./CollectionsPanel"));

/**
 * The header's Pin/collections button and drawer (spec §2 "Header", §4): the signed-in user's collections as
 * an embla carousel (CollectionsPanel, loaded when the drawer first opens) — previous/next move about 400 px
 * and are disabled at the ends, arrow keys and swiping move it too; the spec's visible columns per width are
 * set in workspace.css. Selecting one opens it. The
 * drawer and the header menu open and close independently; navigation closes it.
 */
export function CollectionsButton() {
  const root = useRootData();
  const ws = root?.workspace;
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: navigation closes the drawer: the location is the trigger
  useEffect(() => setOpen(false), [location.pathname, location.search]);
  if (!ws) return null;
  return (
    <>
      <button
        type="button"
        className="button button--ghost collections-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
          <path d="M6 3h12v18l-6-4.5L6 21z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
        <span className="collections-button__label">{t("workspace.nav.collections")}</span>
      </button>
      {open ? (
        <Modal
          open
          onClose={() => setOpen(false)}
          title={t("workspace.collections.title")}
          variant="drawer"
          closeLabel={t("modal.close")}
          className="collections-drawer"
        >
          <Suspense fallback={<p role="status">{t("app.loading")}</p>}>
            <CollectionsPanel
              collections={ws.collections}
              current={ws.current?.id ?? null}
              placeholder={root?.options.placeholder ?? DEFAULT_PLACEHOLDER}
            />
          </Suspense>
        </Modal>
      ) : null}
    </>
  );
}
