// The records feature's server face: what other features' server modules and route modules may use of it (services,
// HTTP helpers). Nothing else of the feature is imported from outside it (docs/architecture.md, decision 086).
export { cardQuery, type CardRow, getCards, toCard, toTextArray } from "./cards.server";
export { getRecord, metadataView, relatedRecords } from "./records.server";
