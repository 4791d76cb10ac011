// The stories feature's server face: what other features' server modules and route modules may use of it (services,
// HTTP helpers). Nothing else of the feature is imported from outside it (docs/architecture.md, decision 086).
export { getStoriesCall, getStoryBySlugCall, removeStoryCall, saveStoryCall } from "./http.server";
export { listStories, publicStorySlugs, publishedStoriesBySlug } from "./stories.server";
export { publishedStorySummaryJson } from "./http.server";
