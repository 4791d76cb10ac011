import { useI18n } from "~/i18n/context";
import { useEditorT } from "../use-editor-t";
import { contentLocale, LOCALE_NAMES } from "~/lib/locale";
import { compactDiff, diffValues } from "~/lib/diff";
import type { Conflict } from "../use-settings-doc";

/**
 * What an in-place editor says about its document: the language being edited (and that the Italian text is
 * standing in), why the last save was refused, and after a 409 both texts side by side with the choice.
 */
export function DocNotices<T>({
  fallback,
  errors,
  conflict,
  draft,
  onKeepMine,
  onTakeTheirs,
  showLanguage = true,
}: {
  fallback: boolean;
  errors: string[];
  conflict: Conflict<T> | null;
  draft: T | null;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  showLanguage?: boolean;
}) {
  const { locale } = useI18n();
  const t = useEditorT();
  const lines = conflict ? compactDiff(diffValues(conflict.value, draft), 1) : [];
  return (
    <div className="doc-notices">
      {showLanguage && <p className="doc-notices__lang">{t("siteEdit.editingIn", { language: LOCALE_NAMES[contentLocale(locale)] })}</p>}
      {fallback && (
        <p className="doc-notices__fallback" lang={locale}>
          {t("siteEdit.fallback")}
        </p>
      )}
      <div role="alert" className="doc-notices__alert">
        {errors.length > 0 && (
          <ul className="doc-notices__errors">
            {errors.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the messages of one answer, a list that never reorders
              <li key={i}>{t("siteEdit.error", { message: e || t("siteEdit.loadError") })}</li>
            ))}
          </ul>
        )}
        {conflict && (
          <div className="doc-conflict">
            <p>
              {t("siteEdit.conflict.title", {
                author: conflict.author ?? t("siteEdit.conflict.someone"),
                at: conflict.at ? new Date(conflict.at).toLocaleString(locale) : "—",
              })}
            </p>
            <div className="doc-conflict__texts">
              <section>
                <h3>{t("siteEdit.conflict.theirs")}</h3>
                {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling code block must be reachable by keyboard (axe: scrollable-region-focusable) */}
                <pre tabIndex={0}>
                  {lines
                    .filter((l) => l && l.op !== "add")
                    .map((l) => (l!.op === "del" ? "• " : "  ") + l!.text)
                    .join("\n")}
                </pre>
              </section>
              <section>
                <h3>{t("siteEdit.conflict.yours")}</h3>
                {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling code block must be reachable by keyboard (axe: scrollable-region-focusable) */}
                <pre tabIndex={0}>
                  {lines
                    .filter((l) => l && l.op !== "del")
                    .map((l) => (l!.op === "add" ? "• " : "  ") + l!.text)
                    .join("\n")}
                </pre>
              </section>
            </div>
            <p className="doc-conflict__actions">
              <button type="button" className="button button--primary" onClick={onKeepMine}>
                {t("siteEdit.conflict.keepMine")}
              </button>
              <button type="button" className="button" onClick={onTakeTheirs}>
                {t("siteEdit.conflict.takeTheirs")}
              </button>
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
