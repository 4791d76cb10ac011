// The accounts feature's server face: what other features' server modules and route modules may use of it (services,
// HTTP helpers). Nothing else of the feature is imported from outside it (docs/architecture.md, decision 086).
export { audit } from "./accounts.server";
export { formToken, readBody, readFields, usersContext } from "./http.server";
export { loginOptions } from "./login-options.server";
export { currentProfile, type Profile } from "./login.server";
export { accountMenu, backendUrl } from "./menu.server";
export { listAudit } from "./users.server";
export { DEFAULT_PASSWORD_PATTERN } from "./password";
