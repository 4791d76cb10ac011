// The saved-searches feature's public face, safe for the browser: what other features may use of it. Nothing else of the
// feature is imported from outside it; its server services are in index.server.ts (docs/architecture.md, decision 086).
export { HeroSearches } from "./components/HeroSearches";
export { SaveSearchControl } from "./components/SaveDialog";
export { searchHref } from "./saved-searches";
