// The settings feature's public face, safe for the browser: what other features may use of it. Nothing else of the
// feature is imported from outside it; its server services are in index.server.ts (docs/architecture.md, decision 086).
export { default as settingsCssUrl } from "./components/settings.css?url";
export { darkLinkColor } from "./contrast";
export { fontDeclarations } from "./fonts";
export { HERO_LINKS_MAX, HOME_SECTIONS_MAX, SECTION_BACKGROUNDS, SECTION_DISPLAYS, SECTION_REFS_MAX, SECTION_STORIES_MAX } from "./items";
