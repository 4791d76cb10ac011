// The relmap feature's public face, safe for the browser: what other features may use of it. Nothing else of the
// feature is imported from outside it; its server services are in index.server.ts (docs/architecture.md, decision 086).
export { relationMapPath } from "./paths";
