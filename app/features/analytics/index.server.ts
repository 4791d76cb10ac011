// The analytics feature's server face (docs/architecture.md, decision 086): which analytics pages the site shows,
// and their figures (decision 108).
export { analyticsPages, getAccuracy, getFootprint } from "./analytics.server";
