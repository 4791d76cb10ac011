import type { RichTextLabels } from "~/components/editor/RichText";
import { useEditorT } from "../use-editor-t";

/** The rich-text toolbar's names in the in-place editors' messages. */
export function useRichTextLabels(): RichTextLabels {
  const t = useEditorT();
  return {
    toolbar: t("siteEdit.rt.toolbar"),
    bold: t("siteEdit.rt.bold"),
    italic: t("siteEdit.rt.italic"),
    heading: t("siteEdit.rt.heading"),
    bulletList: t("siteEdit.rt.bullet"),
    orderedList: t("siteEdit.rt.ordered"),
  };
}
