// The site-edit feature's public face, safe for the browser: what other features may use of it. Nothing else of the
// feature is imported from outside it; its server services are in index.server.ts (docs/architecture.md, decision 086).
/** The in-place editors, loaded when edit mode first needs them. */
export const loadMenuEditor = () => import("./components/MenuEditor");
export const loadFooterEditor = () => import("./components/FooterEditor");
export const loadHomeEditor = () => import("./components/HomeEditor");
export { default as adminCssUrl } from "./components/admin.css?url";
export { AdminBar } from "./components/AdminBar";
export { DocNotices } from "./components/DocNotices";
export { EditorLoading } from "./components/EditorLoading";
export { PickerDialog } from "./components/PickerDialog";
export { useRichTextLabels } from "./components/rich-text-labels";
export { EditModeProvider, useEditMode, useHistoryLink } from "./edit-mode";
export { useEditorT } from "./use-editor-t";
export { useEditedDoc } from "./use-settings-doc";
