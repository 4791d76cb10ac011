import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

/** The page tree, mounted once per locale: Italian unprefixed, then /en and /fr. */
const pages = (locale: "it" | "en" | "fr") => [
  index("features/home/routes/home.tsx", { id: `${locale}:home` }),
  route("cerca", "features/search/routes/search.tsx", { id: `${locale}:cerca` }),
  route("login", "features/accounts/routes/login.tsx", { id: `${locale}:login` }),
  route("public/cookie-policy", "features/shell/routes/cookie-policy.tsx", { id: `${locale}:cookie-policy` }),
  route(":table/:id/:label?", "features/records/routes/record.tsx", { id: `${locale}:record` }),
  route("*", "features/shell/routes/not-found.tsx", { id: `${locale}:not-found` }),
];

export default [
  route("api/public/search", "features/search/routes/api-search.ts", { id: "api:search" }),
  route("api/public/suggest", "features/search/routes/api-suggest.ts", { id: "api:suggest" }),
  route("api/public/records/:table/:id", "features/records/routes/api-record.ts", { id: "api:record" }),
  route("api/public/records/:table/:id/related", "features/records/routes/api-related.ts", { id: "api:related" }),
  route("api/public/login", "features/accounts/routes/api-login.ts", { id: "api:login" }),
  route("api/auth/logout", "features/accounts/routes/api-logout.ts", { id: "api:logout" }),
  route("api/auth/profile", "features/accounts/routes/api-profile.ts", { id: "api:profile" }),
  route("lang/:locale", "features/shell/routes/lang.ts", { id: "lang" }),
  ...pages("it"),
  ...prefix("en", pages("en")),
  ...prefix("fr", pages("fr")),
] satisfies RouteConfig;
