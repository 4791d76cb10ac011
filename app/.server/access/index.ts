/**
 * The access policy (decision 087), in one folder:
 * - viewer.ts: who is asking (`Viewer`), the visitor, a signed-in user, and the public viewer the harvesters use;
 * - capabilities.ts: capability checks (`requireCapability(ctx, "ADMIN")`, `can`, `levelHas`);
 * - refusal.ts: the one refusal error, carrying its status, answered once by the route wrapper;
 * - records.ts: the SQL fragments limiting records and media to the viewer's access levels;
 * - ownership.ts: the ownership predicate of the workspace's rows;
 * - annotations.ts: which annotations a viewer sees (decision 097);
 * - media.ts: which stored media files a request may fetch (imported by its path: it holds a cache);
 * - guard.ts: the route guard wrapping every loader and action (imported by its path: server/app.ts).
 */
export { anonymousViewer, PUBLIC_VIEWER, viewerFor, type Viewer } from "./viewer";
export { can, levelCarries, levelHas, requireCapability, seesInternalFields, userCarries } from "./capabilities";
export { isRefusal, notFoundForViewer, Refusal, refusalAnswer, type RefusalStatus } from "./refusal";
export {
  accessMask,
  hasVisibleImage,
  isPublicRecord,
  mediaVisible,
  publicImage,
  publicRecord,
  recordVisible,
  seesRestrictedMedia,
} from "./records";
export { isOwner, ownedBy } from "./ownership";
export { annotationMediaVisible, annotationVisible } from "./annotations";
