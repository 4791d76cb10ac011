// The search feature's server face: what other features' server modules and route modules may use of it (services,
// HTTP helpers). Nothing else of the feature is imported from outside it (docs/architecture.md, decision 086).
export {
  clearSearchCache,
  configuredSearch,
  defaultMode,
  facetsMatching,
  type FacetNode,
  getTagNames,
  search,
  type SearchOptions,
  searchPoints,
  type SearchResult,
  searchUids,
  treeOptions,
} from "./search.server";
