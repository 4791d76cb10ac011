// The catalogue feature's public face, safe for the browser: what other features may use of it. Nothing else of the
// feature is imported from outside it; its server services are in index.server.ts (docs/architecture.md, decision 086).
export { type ConvertContext, convertIccdFiles, writeNdjson } from "./iccd/convert";
export { indexThesaurus, loadThesauri } from "./iccd/thesauri";
export { type InterchangeInput, type InterchangeRecord, validateRecord } from "./interchange";
