// The workspace feature's server face: what other features' server modules and route modules may use of it (services,
// HTTP helpers). Nothing else of the feature is imported from outside it (docs/architecture.md, decision 086).
export {
  apiContext,
  collectionJson,
  collectionWithItemsJson,
  fail,
  getMoodboardsCall,
  getUploadsCall,
  localeOf,
  methodNotAllowed,
  ok,
  parsedCall,
  publishedJson,
  publishedSummaryJson,
  readJson,
  refusal,
  removeMoodboardCall,
  removeUploadCall,
  saveMoodboardCall,
  usesText,
} from "./http.server";
export { type Exec, iso, newId, ownerOf, publishedSlug, rowsIn } from "./common.server";
export { deleteUpload, listUploadsWithUses, ownUploads, registerPublishedUse, UploadError } from "./editor/uploads.server";
export { listMoodboards } from "./moodboards.server";
export { createShareLink, listShares, revokeShareLink, sharedLinkUrl, shareWithPerson, unshareWithPerson } from "./shares.server";
export {
  type CollectionChanges,
  createCollection,
  currentPins,
  deleteCollection,
  getCollection,
  getPublishedCollection,
  listCollections,
  listPublished,
  listPublishedCollections,
  pinState,
  setCurrentCollection,
  updateCollection,
  WorkspaceError,
} from "./workspace.server";
