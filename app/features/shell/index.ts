// The shell feature's public face, safe for the browser: what other features may use of it. Nothing else of the
// feature is imported from outside it; its server services are in index.server.ts (docs/architecture.md, decision 086).
export { type SiteBackground, siteBackground } from "./background";
export { installChunkReload } from "./chunk-reload";
export { ErrorPage } from "./components/ErrorPage";
export { type LayoutName, Shell } from "./components/Shell";
export { type InlineCss, InlineStylesheet, SiteStylesheet, splitFontFaces } from "./components/SiteStylesheet";
