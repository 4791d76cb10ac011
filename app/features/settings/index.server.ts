// The settings feature's server face: what other features' server modules and route modules may use of it (services,
// HTTP helpers). Nothing else of the feature is imported from outside it (docs/architecture.md, decision 086).
export { customCssHref } from "./custom-css.server";
export {
  appendRevision,
  type HistoryEntry,
  latestRevision,
  lockRevisionItem,
  revisionAt,
  revisionHistory,
  StaleRevisionError,
  txRunner,
} from "./revisions.server";
