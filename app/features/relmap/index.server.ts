// The relmap feature's server face: what other features' server modules and route modules may use of it (services,
// HTTP helpers). Nothing else of the feature is imported from outside it (docs/architecture.md, decision 086).
export { getMapsCall, removeMapCall, saveMapCall } from "./http.server";
export { listMaps } from "./maps.server";
export { getRelationMap } from "./relmap.server";
