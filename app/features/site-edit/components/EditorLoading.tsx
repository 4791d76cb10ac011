import { useEditorT } from "../use-editor-t";

/** What an in-place editor shows while its document loads, or when loading failed (with a retry). */
export function EditorLoading({ className, failed, onRetry }: { className: string; failed: boolean; onRetry: () => void }) {
  const t = useEditorT();
  return (
    <div className={className}>
      {failed ? (
        <p role="alert">
          {t("siteEdit.loadError")}{" "}
          <button type="button" className="button" onClick={onRetry}>
            {t("siteEdit.retry")}
          </button>
        </p>
      ) : (
        <p role="status">{t("siteEdit.loading")}</p>
      )}
    </div>
  );
}
