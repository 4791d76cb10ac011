// The workspace feature's public face, safe for the browser: what other features may use of it. Nothing else of the
// feature is imported from outside it; its server services are in index.server.ts (docs/architecture.md, decision 086).
/** The bulk-add bar, loaded when first needed (the search page). */
export const loadBulkAdd = () => import("./components/BulkAdd");
export type { default as BulkAddBar, Selection } from "./components/BulkAdd";
export { CollectionEdit } from "./components/CollectionEdit";
export { CollectionsButton } from "./components/CollectionsDrawer";
export { CountLabel } from "./components/CountLabel";
export { ImagePicker } from "./components/ImagePicker";
export { MoodboardList } from "./components/MoodboardList";
export { post } from "./components/pin-requests";
export { renderPin } from "./components/PinToggle";
export { SharePanel } from "./components/SharePanel";
export { UPLOAD_URL, UploadIdSchema, uploadUrlsIn, useHref, useKey } from "./editor/uploads";
export { LinkDaysSchema, LinkIdSchema, ShareEmailSchema, ShareRoleSchema } from "./shares";
export {
  CollectionIdSchema,
  firstMessage,
  GetDocBySlugSchema,
  GetDocsSchema,
  type ItemRef,
  ItemRefSchema,
  pinKey,
  PublishedSlugSchema,
  RemoveDocSchema,
  SaveDocSchema,
  TitleSchema,
} from "./workspace";
