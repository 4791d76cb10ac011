// The demo feature's server face: what other features' server modules and tests may use of it. Nothing else of the
// feature is imported from outside it (docs/architecture.md, decision 086).
export { DEMO_COLORS } from "./site";
