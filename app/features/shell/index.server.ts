// The shell feature's server face: what other features' server modules and route modules may use of it (services,
// HTTP helpers). Nothing else of the feature is imported from outside it (docs/architecture.md, decision 086).
export { afterPaint } from "./after-paint.server";
export { analyticsConfig, analyticsCspOrigins } from "./analytics.server";
