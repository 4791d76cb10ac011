// The records feature's public face, safe for the browser: what other features may use of it. Nothing else of the
// feature is imported from outside it; its server services are in index.server.ts (docs/architecture.md, decision 086).
export { buildCitations, Citation, makersOf } from "./components/Citation";
export { MediaGallery } from "./components/MediaGallery";
export { labelLang, MetadataList, MetadataValue, valueLang } from "./components/MetadataList";
export { RelatedStrip } from "./components/RelatedStrip";
export { Semaforo } from "./components/Semaforo";
export {
  applyFieldRules,
  type FieldRules,
  fieldRulesOption,
  highlightOption,
  groupMetadata,
  internalFieldsOption,
  isInternalField,
  type MetadataGroup,
  withoutShownMakers,
} from "./record-fields";
export { matchSemaforo } from "./semaforo";
