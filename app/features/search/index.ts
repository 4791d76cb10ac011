// The search feature's public face, safe for the browser: what other features may use of it. Nothing else of the
// feature is imported from outside it; its server services are in index.server.ts (docs/architecture.md, decision 086).
export { SearchCombobox } from "./components/SearchCombobox";
export {
  DEFAULT_SEARCH_TABLES,
  isDateError,
  MAX_FILTERS,
  MAX_PAGE,
  MEDIA_FILTERS,
  parseSearchParams,
  type SearchParams,
  searchQueryString,
  SORTS,
  VIEWS,
} from "./search-params";
