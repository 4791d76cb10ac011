// The analytics feature's public face, safe for the browser: its pages' shapes (docs/architecture.md, decision 086).
export type { Accuracy, AnalyticsPages, Footprint } from "./analytics";
