import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";
import { OPTIONAL_LOCALES, UI_LOCALES, type UiLocale } from "./lib/locale";

/** The page tree, mounted once per locale: Italian unprefixed, then /en and /fr (and /de: decision 075). */
const pages = (locale: UiLocale) => [
  index("features/home/routes/home.tsx", { id: `${locale}:home` }),
  route("cerca", "features/browse/routes/search.tsx", { id: `${locale}:cerca` }),
  // Saved searches (issue 15 §2, decision 062)
  route("searches", "features/saved-searches/routes/searches.tsx", { id: `${locale}:searches` }),
  route("searches/new", "features/saved-searches/routes/search-new.tsx", { id: `${locale}:searches-new` }),
  route("searches/unsubscribe/:token", "features/saved-searches/routes/unsubscribe.tsx", { id: `${locale}:searches-unsubscribe` }),
  route("searches/:id", "features/saved-searches/routes/search-edit.tsx", { id: `${locale}:searches-edit` }),
  route("login", "features/accounts/routes/login.tsx", { id: `${locale}:login` }),
  route("login/2fa", "features/accounts/routes/login-2fa.tsx", { id: `${locale}:login-2fa` }),
  route("account/security", "features/accounts/routes/account-security.tsx", { id: `${locale}:account-security` }),
  // the user's own downloads (issue 32 §2, decision 098)
  route("account/downloads", "features/registers/routes/downloads-account.tsx", { id: `${locale}:account-downloads` }),
  route("reset_password", "features/accounts/routes/reset-password.tsx", { id: `${locale}:reset-password` }),
  route("reset_password/:token", "features/accounts/routes/reset-password-token.tsx", { id: `${locale}:reset-password-token` }),
  route("editPassword", "features/accounts/routes/edit-password.tsx", { id: `${locale}:edit-password` }),
  route("collections", "features/desk/routes/collections.tsx", { id: `${locale}:collections` }),
  route("collections/:id", "features/desk/routes/collection.tsx", { id: `${locale}:collection` }),
  route("collections/:coll/moodboards/:id", "features/workspace/routes/moodboard.tsx", { id: `${locale}:moodboard` }),
  route("public/collections", "features/workspace/routes/public-collections.tsx", { id: `${locale}:public-collections` }),
  route("public/collections/:slug", "features/workspace/routes/public-collection.tsx", { id: `${locale}:public-collection` }),
  // Stories (issue 15 §3, §4; decision 064)
  route("collections/:coll/stories/:id", "features/stories/routes/story-editor.tsx", { id: `${locale}:story-editor` }),
  route("public/stories", "features/stories/routes/public-stories.tsx", { id: `${locale}:public-stories` }),
  route("public/maps/:slug", "features/relmap/routes/map.tsx", { id: `${locale}:relmap-public` }),
  route("public/stories/:slug", "features/stories/routes/public-story.tsx", { id: `${locale}:public-story` }),
  // Collections shared by secret link (issue 15 §4, decision 061)
  route("shared/:token", "features/workspace/routes/shared-collection.tsx", { id: `${locale}:shared-collection` }),
  route("settings/users", "features/accounts/routes/settings-users.tsx", { id: `${locale}:settings-users` }),
  // The collection register (issue 32 §4, decision 099)
  route("registro", "features/registers/routes/register.tsx", { id: `${locale}:registro` }),
  route("registro.csv", "features/registers/routes/register-csv.ts", { id: `${locale}:registro-csv` }),
  // Reproduction requests and the Registro Richieste (issue 32 §3, decision 099)
  route("requests", "features/registers/routes/requests.tsx", { id: `${locale}:requests` }),
  route("requests.csv", "features/registers/routes/requests-csv.ts", { id: `${locale}:requests-csv` }),
  route("richieste/nuova", "features/registers/routes/requests-new.tsx", { id: `${locale}:requests-new` }),
  route("richieste/scarica/:token", "features/registers/routes/requests-download.tsx", { id: `${locale}:requests-download` }),
  route("richieste/scarica/:token/file", "features/registers/routes/requests-file.ts", { id: `${locale}:requests-file` }),
  route("account/requests", "features/registers/routes/requests-mine.tsx", { id: `${locale}:requests-mine` }),
  // Annotations' moderation (issue 32 §1, decision 097)
  route("annotazioni", "features/registers/routes/annotations.tsx", { id: `${locale}:annotazioni` }),
  route("settings", "features/settings/routes/settings.tsx", { id: `${locale}:impostazioni` }, [
    index("features/settings/routes/settings-index.tsx", { id: `${locale}:settings-index` }),
    ...(["general", "layout", "contents", "developer"] as const).map((p) =>
      route(p, "features/settings/routes/settings-page.tsx", { id: `${locale}:settings-${p}` }),
    ),
  ]),
  // The analytics pages (issue 34 §2, decision 108): shown while the option `analytics` turns them on
  route("analytics/accuracy", "features/analytics/routes/accuracy.tsx", { id: `${locale}:analytics-accuracy` }),
  route("analytics/footprint", "features/analytics/routes/footprint.tsx", { id: `${locale}:analytics-footprint` }),
  // Memories (issue 34 §1, decision 115): sections and pages of remembrance
  route("memories/sections", "features/pages/routes/memories-sections.tsx", { id: `${locale}:memories-sections` }),
  route("memories/sections/:slug", "features/pages/routes/memory-section.tsx", { id: `${locale}:memory-section` }),
  route("memories/:a/:b?", "features/pages/routes/memory.tsx", { id: `${locale}:memory` }),
  route("public/cookie-policy", "features/shell/routes/cookie-policy.tsx", { id: `${locale}:cookie-policy` }),
  route("sfogliatore/:a/:b?", "features/iiif/routes/sfogliatore.tsx", { id: `${locale}:sfogliatore` }),
  // Print views: /print/template/{ref?}, /print/qr/{ref?}, /print/template/qr/{ref?} (issue 33 §6, decision 104), one
  // route: each route of the tree is an entry of the manifest every page loads, four times over (the locales)
  // (segments, not a splat: a splat ranks below the record page's `:table/:id/:label?`)
  route("print/:view/:ref?/:more?", "features/print/routes/print.tsx", { id: `${locale}:print` }),
  // A record's relational map (issue 33 §5, decision 110); `/mappa/{id}` one of the user's saved maps (decision 111)
  route("mappa/:a/:b?", "features/relmap/routes/map.tsx", { id: `${locale}:relmap` }),
  route(":table/:id/:label?", "features/browse/routes/record.tsx", { id: `${locale}:record` }),
  route("console", "features/console/routes/console.tsx", { id: `${locale}:console` }),
  route("console/buca/:id", "features/console/routes/console-attach.tsx", { id: `${locale}:console-attach` }),
  route("console/pages", "features/pages/routes/console-pages.tsx", { id: `${locale}:console-pages` }),
  route("console/pages/:slug", "features/pages/routes/console-page-edit.tsx", { id: `${locale}:console-page-edit` }),
  route("buca", "features/console/routes/buca.tsx", { id: `${locale}:buca` }),
  route("styleguide", "features/styleguide/routes/styleguide.tsx", { id: `${locale}:styleguide` }),
  // The admin bar's default catalogue link without a back end (decision 074)
  route("admin", "features/site-edit/routes/admin.tsx", { id: `${locale}:admin` }),
  route(":slug", "features/pages/routes/content-page.tsx", { id: `${locale}:content-page` }),
  route("*", "features/shell/routes/not-found.tsx", { id: `${locale}:not-found` }),
];

export default [
  route("api/public/search", "features/search/routes/api-search.ts", { id: "api:search" }),
  route("api/public/suggest", "features/search/routes/api-suggest.ts", { id: "api:suggest" }),
  route("api/auth/docs/getSearches", "features/saved-searches/routes/api-get-searches.ts", { id: "api:docs-getSearches" }),
  route("api/auth/docs/saveSearch", "features/saved-searches/routes/api-save-search.ts", { id: "api:docs-saveSearch" }),
  route("api/auth/docs/getRequests", "features/registers/routes/api-get-requests.ts", { id: "api:docs-getRequests" }),
  route("api/auth/docs/removeSearch", "features/saved-searches/routes/api-remove-search.ts", { id: "api:docs-removeSearch" }),
  route("api/public/export", "features/export/routes/api-export.ts", { id: "api:export" }),
  route("api/public/records/:table/:id", "features/records/routes/api-record.ts", { id: "api:record" }),
  route("api/public/records/:table/:id/related", "features/records/routes/api-related.ts", { id: "api:related" }),
  route("api/public/login", "features/accounts/routes/api-login.ts", { id: "api:login" }),
  route("api/public/altcha", "features/accounts/routes/api-altcha.ts", { id: "api:altcha" }),
  route("api/auth/logout", "features/accounts/routes/api-logout.ts", { id: "api:logout" }),
  route("api/auth/profile", "features/accounts/routes/api-profile.ts", { id: "api:profile" }),
  route("api/public/reset_password", "features/accounts/routes/api-reset-password.ts", { id: "api:reset-password" }),
  route("api/public/verify_reset_password", "features/accounts/routes/api-verify-reset-password.ts", { id: "api:verify-reset-password" }),
  route("api/public/change_password", "features/accounts/routes/api-change-password.ts", { id: "api:change-password" }),
  route("api/auth/change_password", "features/accounts/routes/api-edit-password.ts", { id: "api:edit-password" }),
  route("api/auth/backend/getUserList", "features/accounts/routes/api-backend-getUserList.ts", { id: "api:backend-getUserList" }),
  route("api/auth/backend/getRoleList", "features/accounts/routes/api-backend-getRoleList.ts", { id: "api:backend-getRoleList" }),
  route("api/auth/backend/upsert", "features/accounts/routes/api-backend-upsert.ts", { id: "api:backend-upsert" }),
  route("api/auth/backend/delete", "features/accounts/routes/api-backend-delete.ts", { id: "api:backend-delete" }),
  route("api/auth/backend/changePassword", "features/accounts/routes/api-backend-changePassword.ts", { id: "api:backend-changePassword" }),
  route("api/auth/backend/audit", "features/accounts/routes/api-backend-audit.ts", { id: "api:backend-audit" }),
  route("api/auth/backend/settings", "features/settings/routes/api-settings.ts", { id: "api:backend-settings" }),
  route("api/auth/backend/pages", "features/pages/routes/api-pages.ts", { id: "api:backend-pages" }),
  // The home page's chosen stories (issue 34 §3, decision 116)
  route("api/auth/firebase/getHomeStories", "features/home/routes/api-getHomeStories.ts", { id: "api:firebase-getHomeStories" }),
  route("site/custom.css", "features/settings/routes/custom-css.ts", { id: "site:custom-css" }),
  // Languages (decision 075)
  route("api/auth/docs/addLanguage", "features/settings/routes/api-addLanguage.ts", { id: "api:docs-addLanguage" }),
  route("api/auth/docs/getCollections", "features/workspace/routes/api-getCollections.ts", { id: "api:docs-getCollections" }),
  route("api/auth/docs/getCollectionItems", "features/workspace/routes/api-getCollectionItems.ts", { id: "api:docs-getCollectionItems" }),
  route("api/auth/docs/saveDoc", "features/desk/routes/api-saveDoc.ts", { id: "api:docs-saveDoc" }),
  route("api/auth/docs/removeDoc", "features/desk/routes/api-removeDoc.ts", { id: "api:docs-removeDoc" }),
  route("api/auth/docs/saveUser", "features/workspace/routes/api-saveUser.ts", { id: "api:docs-saveUser" }),
  route("api/auth/docs/addItems", "features/workspace/routes/api-addItems.ts", { id: "api:docs-addItems" }),
  route("api/auth/docs/shareDoc", "features/workspace/routes/api-shareDoc.ts", { id: "api:docs-shareDoc" }),
  // Saved relational maps (issue 33 §5, decision 111)
  route("api/auth/docs/getMappe", "features/relmap/routes/api-getMappe.ts", { id: "api:docs-getMappe" }),
  // …and where the spec §7 names it, beside getHomeStories
  route("api/auth/firebase/getMappe", "features/relmap/routes/api-getMappe.ts", { id: "api:firebase-getMappe" }),
  route("api/auth/docs/getDocs", "features/desk/routes/api-getDocs.ts", { id: "api:docs-getDocs" }),
  route("api/public/docs/getDocs", "features/desk/routes/api-getDocs.ts", { id: "api:public-docs-getDocs" }),
  route("api/auth/docs/getDocBySlug", "features/desk/routes/api-getDocBySlug.ts", { id: "api:docs-getDocBySlug" }),
  route("api/public/docs/getDocBySlug", "features/desk/routes/api-getDocBySlug.ts", { id: "api:public-docs-getDocBySlug" }),
  // Image downloads by capability (issue 32 §2, decision 098)
  route("scarica/:mediaId/:size", "features/registers/routes/download.ts", { id: "scarica" }),
  // Annotations (issue 32 §1, decision 097)
  route("api/auth/docs/getAnnotations", "features/registers/routes/annotations-api-getAnnotations.ts", { id: "api:docs-getAnnotations" }),
  route("api/auth/docs/isAnnotationsRead", "features/registers/routes/annotations-api-isAnnotationsRead.ts", {
    id: "api:docs-isAnnotationsRead",
  }),
  route("api/auth/docs/addAnnotation", "features/registers/routes/annotations-api-addAnnotation.ts", { id: "api:docs-addAnnotation" }),
  route("api/auth/docs/updateAnnotation", "features/registers/routes/annotations-api-updateAnnotation.ts", {
    id: "api:docs-updateAnnotation",
  }),
  route("api/auth/docs/deleteAnnotation", "features/registers/routes/annotations-api-deleteAnnotation.ts", {
    id: "api:docs-deleteAnnotation",
  }),
  route("api/auth/docs/moderateAnnotation", "features/registers/routes/annotations-api-moderateAnnotation.ts", {
    id: "api:docs-moderateAnnotation",
  }),
  route("workspace/pin", "features/workspace/routes/pin.ts", { id: "workspace:pin" }),
  // Editors' uploads and image picker (issue 15 §3, §5; decision 063)
  route("api/auth/docs/uploadFile", "features/workspace/routes/api-uploadFile.ts", { id: "api:docs-uploadFile" }),
  route("api/auth/docs/getImages", "features/workspace/routes/api-getImages.ts", { id: "api:docs-getImages" }),
  route("uploads/:name", "features/workspace/routes/upload-file.ts", { id: "uploads:file" }),
  route("api/auth/backend/buca", "features/console/routes/api-buca.ts", { id: "api:backend-buca" }),
  route("api/auth/backend/buca/:id", "features/console/routes/api-buca-file.ts", { id: "api:backend-buca-file" }),
  route("api/auth/backend/buca/:id/preview", "features/console/routes/api-buca-preview.ts", { id: "api:backend-buca-preview" }),
  route("api/auth/backend/bucaSelect", "features/console/routes/api-bucaSelect.ts", { id: "api:backend-bucaSelect" }),
  route("api/auth/backend/bucaTags", "features/console/routes/api-bucaTags.ts", { id: "api:backend-bucaTags" }),
  route("api/auth/backend/console/jobs/:id", "features/console/routes/api-console-job.ts", { id: "api:backend-console-job" }),
  route("auth/oidc/start", "features/accounts/routes/auth-oidc-start.ts", { id: "auth:oidc-start" }),
  route("auth/oidc/callback", "features/accounts/routes/auth-oidc-callback.ts", { id: "auth:oidc-callback" }),
  route("lang/:locale", "features/shell/routes/lang.ts", { id: "lang" }),
  route("iiif/manifest/:table/:id", "features/iiif/routes/manifest.ts", { id: "iiif:manifest" }),
  route("iiif/collection/search", "features/iiif/routes/collection-search.ts", { id: "iiif:collection-search" }),
  route("iiif/collection/public/:slug", "features/iiif/routes/collection-public.ts", { id: "iiif:collection-public" }),
  route("oai", "features/standards/routes/oai.ts", { id: "oai" }),
  route("ld/:table/:id", "features/standards/routes/jsonld.ts", { id: "jsonld" }),
  route("sitemap.xml", "features/standards/routes/sitemap-index.ts", { id: "sitemap-index" }),
  route("sitemaps/:file", "features/standards/routes/sitemap.ts", { id: "sitemap" }),
  route("robots.txt", "features/standards/routes/robots.ts", { id: "robots" }),
  // The Atom feed of each interface language (a further one answers only when enabled: the feed's loader).
  ...UI_LOCALES.map((l) => route(l === "it" ? "feed.atom" : `${l}/feed.atom`, "features/standards/routes/feed.ts", { id: `${l}:feed` })),
  ...pages("it"),
  // English, French and the further interface languages, each answered only when enabled (root loader; decision 075).
  ...OPTIONAL_LOCALES.flatMap((l) => prefix(l, pages(l))),
] satisfies RouteConfig;
