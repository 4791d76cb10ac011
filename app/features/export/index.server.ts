// The export feature's server face: what other features' server modules may use of it (docs/architecture.md,
// decision 086). Nothing else of the feature is imported from outside it.
export { csvCell, csvLine } from "./export.server";
