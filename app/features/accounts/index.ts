// The accounts feature's public face, safe for the browser: what other features may use of it. Nothing else of the
// feature is imported from outside it; its server services are in index.server.ts (docs/architecture.md, decision 086).
export { UserMenu } from "./components/UserMenu";
export { useLogoutHref } from "./components/useLogoutHref";
export { accountMeta } from "./meta";
export { ROLE_NAMES } from "./roles";
export { AuditQuerySchema, auditEventLabel } from "./users";
