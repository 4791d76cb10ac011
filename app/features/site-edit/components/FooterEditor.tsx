import { contentLocale } from "~/lib/locale";
import { useI18n } from "~/i18n/context";
import { useEditorT } from "../use-editor-t";
import type { FooterBlock } from "~/features/site";
import { useSettingsDoc } from "../use-settings-doc";
import { DocNotices } from "./DocNotices";
import { MultiEditor, stripEmpty, type Column, type Row } from "./MultiEditor";
import "~/components/editor/in-place.css";

const FOOTER_BLOCKS_MAX = 10;

/**
 * The footer blocks in edit mode (decision 074): the settings item `footer_blocks` of the page's language as
 * a multi-editor (a blank block appended when the last is filled, at most 10; empty blocks stripped on save).
 */
export default function FooterEditor() {
  const { locale } = useI18n();
  const t = useEditorT();
  const columns: Column[] = [
    { name: "title", label: (n) => t("siteEdit.footer.blockTitle", { n }), maxLength: 100 },
    { name: "text", label: (n) => t("siteEdit.footer.blockText", { n }), maxLength: 2000, multiline: true },
  ];
  const doc = useSettingsDoc<FooterBlock[]>("footer_blocks", contentLocale(locale), {
    prepare: (rows) => stripEmpty(rows as Row[], columns) as FooterBlock[],
  });
  if (doc.status !== "ready" || !doc.draft) {
    return (
      <p role={doc.status === "error" ? "alert" : "status"}>{doc.status === "error" ? t("siteEdit.loadError") : t("siteEdit.loading")}</p>
    );
  }
  return (
    <div className="footer-edit">
      <DocNotices
        showLanguage={false}
        fallback={doc.fallback}
        errors={doc.errors}
        conflict={doc.conflict}
        draft={doc.draft}
        onKeepMine={doc.keepMine}
        onTakeTheirs={doc.takeTheirs}
      />
      <MultiEditor
        id="footer-blocks"
        legend={t("siteEdit.footer.blocks", { max: FOOTER_BLOCKS_MAX })}
        rows={doc.draft as Row[]}
        columns={columns}
        max={FOOTER_BLOCKS_MAX}
        valueLang={doc.fallback || contentLocale(locale) !== locale ? "it" : undefined}
        onChange={(rows) => doc.setDraft(rows as FooterBlock[])}
      />
    </div>
  );
}
