import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { matchRoutes, type ServerBuild } from "react-router";
import { createUser } from "../../app/features/accounts/accounts.server";
import { issueResetToken } from "../../app/features/accounts/reset.server";
import { requiredCapability } from "../../app/.server/access/guard";
import { ROLE_NAMES, levelOf, type RoleName } from "../../app/features/accounts/roles";
import { saveContentPage, savePageDraft } from "../../app/features/pages/pages.server";
import { attachStaged } from "../../app/features/console/dropbox.server";
import { createRequest, decideRequest } from "../../app/features/registers/requests.server";
import { capabilities, createSession, hashToken, newToken } from "../../app/.server/session";
import { viewerFor } from "../../app/.server/access";
import { hasCapability, VISITOR_LEVEL, type CapabilityName } from "../../app/lib/capabilities";
import { recordPath } from "../../app/lib/tables";
import { buildDir } from "../../server/build-dir";
import routeConfig from "../../app/routes";
import { testDatabases, type TestDb } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeImage, makeRecord, tempDir } from "../factories/records";

/**
 * Issue 29 §9: the access matrix, generated from the route table.
 *
 * Every route of the built server's manifest (the `routes` object `npm run build` makes from app/routes.ts, each
 * module with its `handle`) is asked by every viewer — a visitor, one user of each role of
 * app/features/accounts/roles.ts, and the owner of the documents the owner-scoped routes name — and the answer
 * expected is derived from the capability the route's module declares (`handle.capability`, read by the guard's
 * own `requiredCapability`; a route and its layouts must all let the viewer in):
 * - a visitor without it: a page's document request is a 302 to the login page of the URL's language with
 *   `redirect` (its `.data` request the same redirect, as React Router's 202 answer); a resource route 401;
 * - a signed-in user without it: the 404 page (`.data`: 404), or the API's 404 `{error: {code: 404}}`;
 * - with it, the route's own answer, declared exactly in SAMPLES below (200 unless said otherwise: a login page
 *   that sends a signed-in user on, a GET on a POST-only call answered 405, an index that sends on to its first
 *   page…). A route whose answer is not the declared one fails: "allowed" means that answer, not "not refused".
 * Dynamic segments take real values: records of a small imported catalogue (a public one, and one of access 2
 * seen only with RISERVATO), and for the owner-scoped routes (a collection, its moodboard and story, a saved
 * search, an upload, their API calls) the ids of documents of another user, `owner`: every other user, of every
 * role, gets 404 for them, the owner gets the page.
 * Every route with an action is also posted to (a form with a valid form token, or for the JSON calls a
 * same-origin JSON body that would really write) by every viewer the guard must refuse, and the owner-scoped
 * writes by every other user; the whole database is fingerprinted before and after: nothing changed.
 *
 * A route added later is in the manifest, so in the matrix: without a declared capability (and not on
 * DELIBERATELY_PRIVATE), or with a dynamic segment and no sample here, or answering other than its sample
 * says, the test fails.
 *
 * Size and time: 212 routes (38 pages mounted in four trees — it, /en, /fr, /de with German enabled — and 60
 * resource routes), the visitor and the six roles (and the owner on the owner-scoped samples): 557 page document
 * requests, as many `.data` requests, 442 resource requests, 187 posts the guard refuses and 148 posts on
 * another user's documents, about 1,900 assertions a database (the counts are printed at the end of each run).
 * The Italian tree and the resource routes are asked by every role; the /en, /fr and /de trees by the visitor
 * and one role each (OTHER_TREES): asking them by every role too would double the run for modules, handles and
 * guard that are the very same objects. Requests go to the built app in this process, four at a time (PGlite
 * answers one at a time; PostgreSQL works beside it). On a 2-core machine shared with other suites (load 7) a
 * run took about 85 s on PGlite and 50 s on PostgreSQL, setup included; the GET requests' own CPU time on
 * PGlite was about 35 s.
 */

const OWNER_ROLE: RoleName = "Ricercatore avanzato"; // holds SHARE_EXTERNAL: the owner can make a secret link
const CONCURRENCY = 4;

/**
 * The role that asks each of the other trees besides the visitor: a different one each, so every tree sees
 * refusals (back office, CHANGE_PASSWORD for the Amministratore) and admissions of its own.
 */
const OTHER_TREES: Record<string, RoleName> = { en: "Ricercatore", fr: "Catalogatore", de: "Amministratore" };

/**
 * Routes that declare no capability on purpose: the guard's default (PRIVATE, every signed-in role) is their
 * rule. Anything else without `handle.capability` fails the test.
 */
const DELIBERATELY_PRIVATE: Record<string, string> = {
  // The user's own sign-in settings (two-step codes): any signed-in user, whatever the role.
  "account-security": "every signed-in user manages their own two-step sign-in",
};

/** The ids the samples use, made in beforeAll. */
type Ids = {
  ownerId: string;
  collection: string;
  moodboard: string;
  story: string;
  search: string;
  publishedSlug: string;
  publicStorySlug: string;
  /** The owner's saved relational map and a published one's address (decision 111). */
  relmap: string;
  publicMapSlug: string;
  sharedToken: string;
  /** The secret link's id (the collection register revokes by it). */
  linkId: string;
  /** The owner's note on the public record (pending: annotations, decision 097). */
  annotation: number;
  unsubscribeToken: string;
  resetToken: string;
  upload: string;
  uploadId: string;
  stagedFile: string;
  attachedFile: string;
  job: number;
  pageSlug: string;
  /** The image of the public record and of the access-2 one (the downloads, decision 098). */
  mediaPub: number;
  mediaRis: number;
  /** An image every role sees (the request form), a pending request (the register's refused decision), an approved one's link (the owner's). */
  mediaId: number;
  requestId: string;
  requestToken: string;
};

type Viewer = {
  name: string;
  level: number;
  kind: "anonymous" | "user";
  role?: RoleName;
  userId?: string;
  cookie?: string;
  owner?: boolean;
};
type Status = number | ((v: Viewer) => number);

/**
 * How to ask a route, by its id without the locale (`it:cerca` → `cerca`). `path` is the URL without the locale
 * prefix (default: the route's own path, for routes without dynamic segments); `status` the answer of a viewer
 * the guard lets in (default 200); `owned`: the URL names the owner's private documents, so every other user
 * gets 404 and the owner `status`; `post`: the body of the refused POST (default: a form with only the form
 * token); `spendsSession`: the request ends the session it carries (each one gets a fresh session).
 */
type Sample = {
  path?: (ids: Ids) => string;
  status?: Status;
  owned?: boolean;
  post?: (ids: Ids) => PostBody;
  spendsSession?: boolean;
};
type PostBody = { json: unknown } | { form: Record<string, string> };

const signedIn = (v: Viewer) => v.kind === "user";
const riservato = (v: Viewer) => hasCapability(v.level, "RISERVATO", capabilities());
const restrictedRecord = (v: Viewer) => (riservato(v) ? 200 : 404);
/** A download of a size: a signed-in viewer holding its clean or its watermarked capability (decision 098). */
const downloads = (size: "BASSA" | "ALTA") => (v: Viewer) =>
  signedIn(v) &&
  (hasCapability(v.level, `DOWNLOAD_${size}`, capabilities()) || hasCapability(v.level, `DOWNLOAD_${size}_WATERMARK`, capabilities()))
    ? 200
    : 404;
const board = { title: "Tavola presa", background: "#102030", colours: [], items: [] };

const SAMPLES: Record<string, Sample | Sample[]> = {
  // Pages
  home: {},
  cerca: { path: () => "/cerca?q=vaso" },
  searches: {},
  "searches-new": { path: () => "/searches/new?q=vaso" },
  "searches-unsubscribe": { path: (i) => `/searches/unsubscribe/${i.unsubscribeToken}` },
  "searches-edit": { path: (i) => `/searches/${i.search}`, owned: true, post: () => ({ form: { intent: "delete" } }) },
  // A signed-in user is sent on from the sign-in pages; the two-step page without a pending sign-in goes back to login.
  login: { status: (v) => (signedIn(v) ? 302 : 200) },
  "login-2fa": { status: 302 },
  "account-security": {},
  "account-downloads": {},
  "reset-password": {},
  "reset-password-token": { path: (i) => `/reset_password/${i.resetToken}` },
  "edit-password": {},
  collections: {},
  collection: { path: (i) => `/collections/${i.collection}`, owned: true, post: () => ({ form: { intent: "delete" } }) },
  moodboard: [
    { path: (i) => `/collections/${i.collection}/moodboards/${i.moodboard}`, owned: true },
    { path: (i) => `/collections/${i.collection}/moodboards/add`, owned: true },
  ],
  "public-collections": {},
  "public-collection": { path: (i) => `/public/collections/${i.publishedSlug}` },
  "story-editor": [
    { path: (i) => `/collections/${i.collection}/stories/${i.story}`, owned: true, post: () => ({ json: { intent: "delete" } }) },
    { path: (i) => `/collections/${i.collection}/stories/add`, owned: true },
  ],
  "public-stories": {},
  "public-story": { path: (i) => `/public/stories/${i.publicStorySlug}` },
  "shared-collection": { path: (i) => `/shared/${i.sharedToken}` },
  "settings-users": { post: (i) => ({ form: { intent: "delete", id: i.ownerId } }) },
  // the collection register (decision 099): a refused revoke of the owner's live link changes nothing
  registro: { post: (i) => ({ form: { intent: "revokeLink", link: i.linkId } }) },
  "registro-csv": {},
  // reproduction requests (decision 099): a refused decision on a pending request changes nothing; the download
  // link is its requester's (the owner); the form's refused post (a visitor's) writes no request
  requests: { post: (i) => ({ form: { intent: "refuse", id: i.requestId, reason: "presa" } }) },
  "requests-csv": {},
  "requests-new": {
    path: (i) => `/richieste/nuova?media=${i.mediaId}`,
    post: (i) => ({ form: { media: String(i.mediaId), purpose: "study", resolution: "low", format: "jpeg", terms: "on" } }),
  },
  "requests-download": { path: (i) => `/richieste/scarica/${i.requestToken}`, owned: true },
  "requests-file": { path: (i) => `/richieste/scarica/${i.requestToken}/file`, owned: true },
  "requests-mine": {},
  // annotations' moderation (decision 097): a refused delete of the owner's note changes nothing
  annotazioni: { post: (i) => ({ form: { intent: "delete", annotation: String(i.annotation) } }) },
  // the analytics pages (decision 108), turned on below
  "analytics-accuracy": {},
  "analytics-footprint": {},
  // the settings' index sends on to its first page
  impostazioni: { status: 302 },
  "settings-index": { status: 302 },
  "settings-general": { post: () => ({ form: { key: "title", value: "Preso", version: "0" } }) },
  "settings-layout": {},
  "settings-contents": {},
  "settings-developer": {},
  "cookie-policy": {},
  sfogliatore: { path: () => "/sfogliatore/pub" },
  // the print views (decision 104): a record's sheet, its label, both; a restricted record's sheet like its page
  print: [
    { path: () => "/print/template/oggetti:pub" },
    { path: () => "/print/qr/oggetti:pub" },
    { path: () => "/print/template/qr/oggetti:pub" },
    { path: () => "/print/template/oggetti:ris", status: restrictedRecord },
  ],
  // a record's relational map (decision 110): like its page, a restricted record's map is 404 unless RISERVATO
  // a saved map is its owner's (everyone else: 404; a refused delete changes nothing); a published one anyone's
  relmap: [
    { path: () => "/mappa/oggetti/pub" },
    { path: () => "/mappa/oggetti/ris", status: restrictedRecord },
    { path: (i) => `/mappa/${i.relmap}`, owned: true, post: () => ({ form: { intent: "delete" } }) },
  ],
  "relmap-public": { path: (i) => `/public/maps/${i.publicMapSlug}` },
  record: [
    { path: () => recordPath("ca_objects", "pub", "Vaso blu") },
    { path: () => recordPath("ca_objects", "ris", "Anfora riservata"), status: restrictedRecord },
  ],
  console: {},
  "console-pages": {},
  "console-page-edit": { path: (i) => `/console/pages/${i.pageSlug}` },
  "console-attach": { path: (i) => `/console/buca/${i.attachedFile}` },
  buca: {},
  styleguide: {},
  admin: { status: 302 },
  "content-page": { path: (i) => `/${i.pageSlug}` },
  // memories (decision 115): published for everyone, a draft for administrators only, unknown 404
  "memories-sections": {},
  "memory-section": [{ path: () => "/memories/sections/voci" }, { path: () => "/memories/sections/nessuna", status: 404 }],
  memory: [
    { path: () => "/memories/interviste/la-sirena" },
    { path: () => "/memories/interviste" },
    { path: () => "/memories/in-bozza", status: (v) => (hasCapability(v.level, "ADMIN", capabilities()) ? 200 : 404) },
    { path: () => "/memories/altra/la-sirena", status: 404 },
  ],
  "not-found": { path: () => "/non/esiste/proprio/qui", status: 404 },

  // Resource routes
  "api:search": { path: () => "/api/public/search?q=vaso" },
  "api:suggest": { path: () => "/api/public/suggest?q=vas" },
  "api:docs-getSearches": { status: 405 },
  "api:docs-saveSearch": { status: 405, post: (i) => ({ json: { name: i.search, data: { title: "Presa" } } }) },
  "api:docs-removeSearch": { status: 405, post: (i) => ({ json: { name: i.search } }) },
  "api:docs-getRequests": { status: 405 },
  "api:export": { path: () => "/api/public/export?q=vaso" },
  "api:record": [
    { path: () => "/api/public/records/ca_objects/pub" },
    { path: () => "/api/public/records/ca_objects/ris", status: restrictedRecord },
  ],
  "api:related": { path: () => "/api/public/records/ca_objects/pub/related?group=correlato%7Ccorrelato&offset=0" },
  "api:login": { status: 405 },
  "api:altcha": { status: 404 }, // the bot check is off in the tests: no challenge to hand out
  "api:logout": { status: 200, spendsSession: true },
  "api:profile": { status: (v) => (signedIn(v) ? 200 : 401) },
  "api:reset-password": { status: 405 },
  "api:verify-reset-password": { status: 405 },
  "api:change-password": { status: 405 },
  "api:edit-password": { status: 405, post: () => ({ json: { oldPassword: "x", newPassword: "Presa-2026-lunga" } }) },
  "api:backend-getUserList": {},
  "api:backend-getRoleList": {},
  "api:backend-upsert": { status: 405, post: () => ({ json: { email: "intruso@example.org", roles: ["Amministratore"] } }) },
  "api:backend-delete": { status: 405, post: (i) => ({ json: { id: i.ownerId } }) },
  "api:backend-changePassword": { status: 405 },
  "api:backend-audit": {},
  "api:backend-settings": { post: () => ({ json: { key: "title", locale: "it", value: "Preso", version: 0 } }) },
  "api:backend-pages": { path: (i) => `/api/auth/backend/pages?slug=${i.pageSlug}&locale=it` },
  "site:custom-css": {},
  "api:docs-addLanguage": { post: () => ({ json: { locale: "de", enabled: false } }) },
  "api:docs-getCollections": { status: 405 },
  "api:docs-getCollectionItems": { status: 405 },
  "api:docs-saveDoc": {
    status: 405,
    post: (i) => ({ json: { collection: "collections", name: i.collection, data: { title: "Presa", version: 1 } } }),
  },
  "api:docs-removeDoc": { status: 405, post: (i) => ({ json: { collection: "collections", name: i.collection } }) },
  "api:docs-saveUser": { status: 405 },
  "api:docs-addItems": { status: 405, post: (i) => ({ json: { collection: i.collection, items: [{ table: "ca_objects", id: "pub2" }] } }) },
  "api:docs-shareDoc": { status: 405, post: (i) => ({ json: { collection: "collections", name: i.collection, data: { link: 7 } } }) },
  "api:docs-getDocs": { status: 405 },
  "api:firebase-getHomeStories": { status: 405 },
  "api:docs-getMappe": { status: 405 },
  "api:firebase-getMappe": { status: 405 },
  "api:public-docs-getDocs": { status: 405 },
  "api:docs-getDocBySlug": { status: 405 },
  "api:public-docs-getDocBySlug": { status: 405 },
  // image downloads (decision 098): 404 to visitors and to whoever lacks the size's capability or the record
  scarica: [
    { path: (i) => `/scarica/${i.mediaPub}/low`, status: downloads("BASSA") },
    { path: (i) => `/scarica/${i.mediaPub}/high`, status: downloads("ALTA") },
    { path: (i) => `/scarica/${i.mediaRis}/high`, status: (v) => (riservato(v) ? downloads("ALTA")(v) : 404) },
    { path: () => "/scarica/999999/low", status: 404 },
  ],
  "workspace:pin": { status: 405, post: () => ({ form: { table: "ca_objects", id: "pub2", back: "/" } }) },
  "api:docs-uploadFile": { status: 405 },
  "api:docs-getImages": { status: 405 },
  // annotations (decision 097): POST calls; the refused ones would add, change, delete and approve the owner's note
  "api:docs-getAnnotations": { status: 405 },
  "api:docs-isAnnotationsRead": { status: 405 },
  "api:docs-addAnnotation": { status: 405, post: () => ({ json: { table: "ca_objects", id: "pub", body: "Presa" } }) },
  "api:docs-updateAnnotation": { status: 405, post: (i) => ({ json: { annotation: i.annotation, body: "Presa" } }) },
  "api:docs-deleteAnnotation": { status: 405, post: (i) => ({ json: { annotation: i.annotation } }) },
  "api:docs-moderateAnnotation": { status: 405, post: (i) => ({ json: { annotation: i.annotation, decision: "approve" } }) },
  "uploads:file": { path: (i) => `/uploads/${i.upload}`, owned: true },
  "api:backend-buca": { status: 405 },
  "api:backend-buca-file": { path: (i) => `/api/auth/backend/buca/${i.stagedFile}` },
  "api:backend-buca-preview": { path: (i) => `/api/auth/backend/buca/${i.attachedFile}/preview` },
  "api:backend-bucaSelect": { status: 405 },
  "api:backend-bucaTags": { status: 405 },
  "api:backend-console-job": { path: (i) => `/api/auth/backend/console/jobs/${i.job}` },
  "auth:oidc-start": { status: 302 }, // no provider configured: back to the login page with its message
  "auth:oidc-callback": { status: 302 },
  lang: { path: () => "/lang/en?next=/cerca", status: 302 },
  "iiif:manifest": [
    { path: () => "/iiif/manifest/ca_objects/pub" },
    { path: () => "/iiif/manifest/ca_objects/ris", status: restrictedRecord },
  ],
  "iiif:collection-search": { path: () => "/iiif/collection/search?q=vaso" },
  "iiif:collection-public": { path: (i) => `/iiif/collection/public/${i.publishedSlug}` },
  oai: { path: () => "/oai?verb=Identify" },
  jsonld: [{ path: () => "/ld/oggetti/pub" }, { path: () => "/ld/oggetti/ris", status: restrictedRecord }],
  "sitemap-index": {},
  sitemap: { path: () => "/sitemaps/pages.xml" },
  robots: {},
  feed: {},
};

/**
 * The owner-scoped API calls (POST-only), asked with the owner's ids: the owner gets the answer, every other
 * signed-in user the API's 404 and nothing changes (writes among them); visitors are refused by the guard.
 */
const OWNED_CALLS: { key: string; url: string; body: (i: Ids) => unknown; write?: boolean }[] = [
  { key: "api:docs-getCollectionItems", url: "/api/auth/docs/getCollectionItems", body: (i) => ({ collection: i.collection }) },
  { key: "api:docs-getDocBySlug", url: "/api/auth/docs/getDocBySlug", body: (i) => ({ slug: i.collection }) },
  { key: "api:docs-shareDoc", url: "/api/auth/docs/shareDoc", body: (i) => ({ collection: "collections", name: i.collection }) },
  { key: "api:docs-getDocBySlug", url: "/api/auth/docs/getDocBySlug", body: (i) => ({ collection: "stories", slug: i.story }) },
  {
    key: "api:docs-saveDoc",
    url: "/api/auth/docs/saveDoc",
    body: (i) => ({ collection: "collections", name: i.collection, data: { title: "Presa", version: 1 } }),
    write: true,
  },
  {
    key: "api:docs-saveDoc",
    url: "/api/auth/docs/saveDoc",
    body: (i) => ({ collection: "moodboards", name: i.moodboard, data: { ...board, version: 1 } }),
    write: true,
  },
  {
    key: "api:docs-saveDoc",
    url: "/api/auth/docs/saveDoc",
    body: (i) => ({ collection: "stories", name: i.story, data: { public: true } }),
    write: true,
  },
  {
    key: "api:docs-saveDoc",
    url: "/api/auth/docs/saveDoc",
    body: (i) => ({ collection: "searches", name: i.search, data: { title: "Presa" } }),
    write: true,
  },
  {
    key: "api:docs-removeDoc",
    url: "/api/auth/docs/removeDoc",
    body: (i) => ({ collection: "collections", name: i.collection }),
    write: true,
  },
  {
    key: "api:docs-removeDoc",
    url: "/api/auth/docs/removeDoc",
    body: (i) => ({ collection: "moodboards", name: i.moodboard }),
    write: true,
  },
  { key: "api:docs-removeDoc", url: "/api/auth/docs/removeDoc", body: (i) => ({ collection: "stories", name: i.story }), write: true },
  { key: "api:docs-removeDoc", url: "/api/auth/docs/removeDoc", body: (i) => ({ collection: "uploads", name: i.uploadId }), write: true },
  {
    key: "api:docs-saveDoc",
    url: "/api/auth/docs/saveDoc",
    body: (i) => ({ collection: "mappe", name: i.relmap, data: { version: 1, title: "Presa", public: true } }),
    write: true,
  },
  { key: "api:docs-removeDoc", url: "/api/auth/docs/removeDoc", body: (i) => ({ collection: "mappe", name: i.relmap }), write: true },
  {
    key: "api:docs-addItems",
    url: "/api/auth/docs/addItems",
    body: (i) => ({ collection: i.collection, items: [{ table: "ca_objects", id: "pub2" }] }),
    write: true,
  },
  {
    key: "api:docs-shareDoc",
    url: "/api/auth/docs/shareDoc",
    body: (i) => ({ collection: "collections", name: i.collection, data: { link: 7 } }),
    write: true,
  },
  {
    key: "api:docs-saveSearch",
    url: "/api/auth/docs/saveSearch",
    body: (i) => ({ name: i.search, data: { title: "Presa" } }),
    write: true,
  },
  { key: "api:docs-removeSearch", url: "/api/auth/docs/removeSearch", body: (i) => ({ name: i.search }), write: true },
];

/** At least this many assertions a database (the matrix only grows with the route table). */
const MIN_ASSERTIONS = 1800;

type TestDbOpen = TestDb["open"];
type Answer = { status: number; location: string | null; body: string };
type Route = NonNullable<ServerBuild["routes"][string]>;
type Row = { id: string; key: string; pattern: string; locale: string; chain: Route[]; page: boolean; action: boolean; leaf: boolean };

/** The manifest's routes with their full path, locale and ancestors (the root layout is no route of its own). */
function routeTable(build: ServerBuild): Row[] {
  const routes = build.routes as Record<string, Route>;
  const parents = new Set(Object.values(routes).map((r) => r.parentId));
  const rows: Row[] = [];
  for (const [id, route] of Object.entries(routes)) {
    if (id === "root") continue;
    const chain: Route[] = [];
    for (let r: Route | undefined = route; r && r.id !== "root"; r = r.parentId ? routes[r.parentId] : undefined) chain.unshift(r);
    const pattern =
      "/" +
      chain
        .map((r) => r.path ?? "")
        .filter(Boolean)
        .join("/");
    const locale = /^(en|fr|de)(\/|$)/.exec(pattern.slice(1))?.[1] ?? "";
    rows.push({
      id,
      key: id.replace(/^(it|en|fr|de):/, ""),
      pattern,
      locale,
      chain,
      page: !!route.module.default,
      action: !!route.module.action,
      leaf: !parents.has(id),
    });
  }
  return rows;
}

/** How React Router matches a URL against the manifest: the ids of the routes it reaches (a sample must reach its route). */
function matcher(build: ServerBuild): (url: string) => string[] {
  type Node = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: Node[] };
  const routes = Object.values(build.routes as Record<string, Route>);
  const nodes = new Map<string, Node>(
    routes.map((r) => [r.id, { id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: [] }]),
  );
  for (const r of routes) if (r.parentId) nodes.get(r.parentId)!.children.push(nodes.get(r.id)!);
  const tree = [nodes.get("root")!] as unknown as Parameters<typeof matchRoutes>[0];
  return (url) => (matchRoutes(tree, new URL(url, "http://x").pathname) ?? []).map((m) => (m.route as unknown as Node).id);
}

const loginOf = (locale: string, target: string) => `${locale ? `/${locale}` : ""}/login?redirect=${encodeURIComponent(target)}`;
const dataUrl = (url: string) => {
  const u = new URL(url, "http://x");
  return `${u.pathname === "/" ? "/_root" : u.pathname.replace(/\/$/, "")}.data${u.search}`;
};

/**
 * The whole database as one digest per table (sessions aside: every request touches its session's last use).
 * Equal before and after means nothing was written.
 */
async function fingerprint(database: Awaited<ReturnType<TestDbOpen>>) {
  const tables = await database.rows<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sessions' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await database.rows<{ d: string | null }>(
      sql`select md5(string_agg(t::text, '|' order by t::text)) as d from ${sql.identifier(name)} t`,
    );
    out[name] = row?.d ?? "";
  }
  return out;
}

/** Runs the tasks `n` at a time. */
async function pool<T>(tasks: (() => Promise<T>)[], n: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]!();
      }
    }),
  );
  return out;
}

for (const target of testDatabases()) {
  describe(`access matrix on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    let build: ServerBuild;
    let rows: Row[];
    let uploadsDir: string;
    let dataDir: string;
    const ids = {} as Ids;
    const viewers: Viewer[] = [];
    const owner = {} as Viewer;
    const CSRF = "matrixformtokenmatrixformtoken";
    let assertions = 0;
    const failures: string[] = [];
    /** The requests by kind, for the size printed at the end. */
    const tally: Record<string, number> = {};
    const queue = (tasks: (() => Promise<void>)[], kind: string, task: () => Promise<void>) => {
      tally[kind] = (tally[kind] ?? 0) + 1;
      tasks.push(task);
    };

    /** One expectation checked: counted, and a mismatch recorded (all are reported together). */
    const check = (ok: boolean, what: string) => {
      assertions++;
      if (!ok) failures.push(what);
    };

    const cookieOf = async (v: Viewer, fresh: boolean) => {
      if (!v.userId) return undefined;
      if (!fresh) return v.cookie;
      return `teca_session=${(await createSession(cat.db, v.userId, { userAgent: "matrix", address: "127.0.0.1" })).token}`;
    };
    const request = async (v: Viewer, url: string, init: RequestInit & { fresh?: boolean } = {}): Promise<Answer> => {
      const cookie = [await cookieOf(v, !!init.fresh), `teca_csrf=${CSRF}`].filter(Boolean).join("; ");
      // (uncompressed: the answers are read here, not sent over a network)
      const res = await cat.server.fetch(url, {
        ...init,
        headers: { cookie, "accept-encoding": "identity", ...(init.headers as Record<string, string>) },
      });
      return { status: res.status, location: res.headers.get("location"), body: await res.text() };
    };
    const timing = (what: string, t0: number) =>
      console.log(`access matrix on ${target.name}: ${what} in ${Math.round(performance.now() - t0)} ms`);
    const postJson = (v: Viewer, url: string, body: unknown) =>
      request(v, url, {
        method: "POST",
        headers: { "content-type": "application/json", origin: cat.server.base },
        body: JSON.stringify(body),
      });

    beforeAll(async () => {
      uploadsDir = tempDir("teca-matrix-uploads-");
      dataDir = tempDir("teca-matrix-data-");
      process.env.UPLOADS_DIR = uploadsDir;
      process.env.DATA_DIR = dataDir;
      delete process.env.STAGING_DIR;
      const dir = tempDir();
      await makeImage(dir, "a.jpg");
      cat = await seededCatalogue(
        target,
        [
          makeRecord({
            id: "pub",
            texts: { it: { label: "Vaso blu" } },
            relations: [{ type: "correlato", table: "ca_objects", id: "pub2", label: { it: "correlato" } }],
            media: [{ type: "image", file: "a.jpg" }],
          }),
          makeRecord({ id: "pub2", texts: { it: { label: "Vaso verde" } } }),
          makeRecord({ id: "ris", access: 2, texts: { it: { label: "Anfora riservata" } }, media: [{ type: "image", file: "a.jpg" }] }),
        ],
        { dir },
      );
      for (const [key, record] of [
        ["mediaPub", "pub"],
        ["mediaRis", "ris"],
      ] as const)
        ids[key] = Number(
          (
            await cat.db.rows<{ id: number }>(sql`select m.id from media m join records r on r.uid = m.record_uid where r.id = ${record}`)
          )[0]!.id,
        );
      build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
      rows = routeTable(build);

      const meta = { userAgent: "matrix", address: "127.0.0.1" };
      const make = async (name: string, role: RoleName) => {
        const user = await createUser(
          { database: cat.db },
          { email: `${name.replace(/\W/g, "-").toLowerCase()}@example.org`, roles: [role] },
          { userId: null, address: "test" },
        );
        const cookie = `teca_session=${(await createSession(cat.db, user.id, meta)).token}`;
        return { name, role, level: levelOf([role]), kind: "user" as const, userId: user.id, cookie };
      };
      viewers.push({ name: "visitor", level: VISITOR_LEVEL, kind: "anonymous" });
      for (const role of ROLE_NAMES) viewers.push(await make(role, role));
      Object.assign(owner, await make("owner", OWNER_ROLE), { owner: true });
      ids.ownerId = owner.userId!;
      const admin = viewers.find((v) => v.role === "Amministratore")!;
      const manager = viewers.find((v) => v.role === "Manager")!;

      // The collection register's option on, so its pages answer the managers (off, they are everyone's 404; decision 099).
      // Annotations too (decision 097).
      await cat.db.rows(sql`insert into site_options (locale, options) values ('it', '{"registro": true, "richiediimmagine_email": "riproduzioni@example.org", "annotations": true, "analytics": {"heritagerating": true, "accuracy": true}}'::jsonb)
        on conflict (locale) do update set options = site_options.options || excluded.options`);
      // German enabled, so the fourth tree answers its pages (a disabled language is the 404 page for everyone).
      expect((await postJson(admin, "/api/auth/docs/addLanguage", { locale: "de" })).status).toBe(200);

      // The owner's documents: a private collection with a moodboard and a story, a published collection with a
      // public story, a secret link, a saved search with an alert, an upload.
      const call = async (url: string, body: unknown, expected = 201) => {
        const res = await postJson(owner, url, body);
        expect(res.status, `${url} ${res.body}`).toBe(expected);
        return JSON.parse(res.body).data;
      };
      ids.collection = (
        await call("/api/auth/docs/saveDoc", {
          collection: "collections",
          locale: "it",
          data: { title: "Privata della proprietaria", items: [{ table: "ca_objects", id: "pub" }] },
        })
      ).id;
      const published = (
        await call("/api/auth/docs/saveDoc", {
          collection: "collections",
          locale: "it",
          data: { title: "Pubblicata", items: [{ table: "ca_objects", id: "pub" }] },
        })
      ).id;
      ids.publishedSlug = (
        await call("/api/auth/docs/saveDoc", { collection: "collections", locale: "it", name: published, data: { public: true } }, 200)
      ).slug;
      ids.moodboard = (
        await call("/api/auth/docs/saveDoc", {
          collection: "moodboards",
          locale: "it",
          data: { ...board, title: "Tavola privata", coll: ids.collection },
        })
      ).id;
      ids.story = (
        await call("/api/auth/docs/saveDoc", {
          collection: "stories",
          locale: "it",
          data: { coll: ids.collection, title: "Storia privata", blocks: [] },
        })
      ).id;
      ids.publicStorySlug = (
        await call("/api/auth/docs/saveDoc", {
          collection: "stories",
          locale: "it",
          data: { coll: published, title: "Storia pubblica", blocks: [], public: true },
        })
      ).slug;
      ids.relmap = (
        await call("/api/auth/docs/saveDoc", {
          collection: "mappe",
          locale: "it",
          data: { title: "Mappa privata", table: "ca_objects", id: "pub" },
        })
      ).id;
      const publicMap = (
        await call("/api/auth/docs/saveDoc", {
          collection: "mappe",
          locale: "it",
          data: { title: "Mappa pubblica", table: "ca_objects", id: "pub" },
        })
      ).id;
      ids.publicMapSlug = (
        await call(
          "/api/auth/docs/saveDoc",
          { collection: "mappe", locale: "it", name: publicMap, data: { version: 1, public: true } },
          200,
        )
      ).slug;
      ids.sharedToken = new URL(
        (await call("/api/auth/docs/shareDoc", { collection: "collections", name: published, data: { link: 7 } })).link.url,
        "http://x",
      ).pathname
        .split("/")
        .pop()!;
      ids.linkId = (await cat.db.rows<{ id: string }>(sql`select id from collection_links`))[0]!.id;
      ids.annotation = (await call("/api/auth/docs/addAnnotation", { table: "ca_objects", id: "pub", body: "Nota della proprietaria" })).id;
      ids.search = (
        await call("/api/auth/docs/saveSearch", { locale: "it", data: { title: "Ricerca privata", query: "q=vaso", alert: "weekly" } })
      ).id;
      ids.unsubscribeToken = newToken();
      await cat.db.rows(
        sql`insert into saved_search_tokens (token_hash, saved_search_id) values (${hashToken(ids.unsubscribeToken)}, ${ids.search})`,
      );
      ids.resetToken = (await issueResetToken({ database: cat.db }, owner.userId!)).token;
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(png)]), "foto.png");
      form.append("locale", "it");
      const up = await cat.server.fetch("/api/auth/docs/uploadFile", {
        method: "POST",
        headers: { cookie: owner.cookie!, origin: cat.server.base },
        body: form,
      });
      expect(up.status).toBe(201);
      const uploaded = (await up.json()) as { url: string; data: { id: string }[] };
      ids.upload = uploaded.url.replace("/uploads/", "");
      ids.uploadId = uploaded.data[0]!.id;
      // The back office's: a staged file in the drop box, a finished console job, a content page.
      const drop = new FormData();
      drop.append("kind", "image");
      drop.append("files", new Blob([new Uint8Array(png)]), "scheda.png");
      const staged = await cat.server.fetch("/api/auth/backend/buca?locale=it", {
        method: "POST",
        headers: { cookie: manager.cookie!, origin: cat.server.base },
        body: drop,
      });
      expect(staged.status).toBe(200);
      ids.stagedFile = ((await staged.json()) as { ids: string[] }).ids[0]!;
      ids.job = (
        await cat.db.rows<{ id: number }>(
          sql`insert into console_jobs (kind, state, source) values ('reindex', 'complete', '') returning id`,
        )
      )[0]!.id;
      ids.pageSlug = "chi-siamo";
      const adminCtx = {
        database: cat.db,
        viewer: viewerFor({ id: admin.userId!, level: admin.level, roles: [admin.role!] }, capabilities()),
        locale: "it" as const,
      };
      // a second staged file, attached and waiting for its confirmation (its attach page and preview)
      const drop2 = new FormData();
      drop2.append("kind", "image");
      drop2.append("files", new Blob([new Uint8Array(png)]), "allegato.png");
      const staged2 = await cat.server.fetch("/api/auth/backend/buca?locale=it", {
        method: "POST",
        headers: { cookie: manager.cookie!, origin: cat.server.base },
        body: drop2,
      });
      ids.attachedFile = ((await staged2.json()) as { ids: string[] }).ids[0]!;
      await attachStaged(
        adminCtx,
        ids.attachedFile,
        { target: "ca_objects/pub", restricted: false, title: {}, license: "", credit: "" },
        { mediaDir: cat.store },
      );
      // Reproduction requests (decision 099): the owner asks for the public record's image twice; a manager approves one.
      ids.mediaId = Number(
        (
          await cat.db.rows<{ id: number }>(
            sql`select m.id from media m join records r on r.uid = m.record_uid where r.id = 'pub' order by m.id limit 1`,
          )
        )[0]!.id,
      );
      const ownerCtx = {
        database: cat.db,
        viewer: viewerFor({ id: owner.userId!, level: owner.level, roles: [OWNER_ROLE] }, capabilities()),
        locale: "it" as const,
      };
      const managerCtx = {
        database: cat.db,
        viewer: viewerFor({ id: manager.userId!, level: manager.level, roles: [manager.role!] }, capabilities()),
        locale: "it" as const,
      };
      const asked = { media: ids.mediaId, purpose: "study", resolution: "low", format: "jpeg", notes: "", terms: "on" } as const;
      const toApprove = await createRequest(ownerCtx, asked, { origin: cat.server.base });
      ids.requestId = (await createRequest(ownerCtx, asked, { origin: cat.server.base })).id;
      ids.requestToken = (
        await decideRequest(managerCtx, { intent: "approve", id: toApprove.id, watermarked: true, days: 7 }, { origin: cat.server.base })
      ).token!;
      await saveContentPage(
        adminCtx,
        {
          slug: ids.pageSlug,
          locale: "it",
          title: "Chi siamo",
          format: "markdown",
          body: "Un archivio.",
          description: "",
          published: true,
        },
        { expectedVersion: 0 },
      );
      // memories (decision 115): a published section with a published page in a collection and a draft
      const memory = { html: "<p>Un ricordo.</p>", description: "" };
      await savePageDraft(adminCtx, {
        kind: "memory-section",
        slug: "voci",
        locale: "it",
        version: 0,
        value: { title: "Voci", ...memory, published: true },
      });
      await savePageDraft(adminCtx, {
        kind: "memory",
        slug: "la-sirena",
        locale: "it",
        version: 0,
        value: { title: "La sirena", ...memory, published: true, section: "voci", collection: "interviste" },
      });
      await savePageDraft(adminCtx, {
        kind: "memory",
        slug: "in-bozza",
        locale: "it",
        version: 0,
        value: { title: "In bozza", ...memory, published: false, section: "voci", collection: "" },
      });
    });

    afterAll(async () => {
      for (const k of ["UPLOADS_DIR", "DATA_DIR"]) delete process.env[k];
      await cat?.close();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const samplesOf = (row: Row): Sample[] => {
      const s = SAMPLES[row.key];
      return s === undefined ? [] : Array.isArray(s) ? s : [s];
    };
    const needOf = (r: Route) => requiredCapability(r.module);
    const allows = (row: Row, v: Viewer) =>
      row.chain.every((r) => needOf(r) === "PUBLIC" || hasCapability(v.level, needOf(r) as CapabilityName, capabilities()));
    const urlOf = (row: Row, s: Sample) => {
      const own = s.path ? s.path(ids) : row.pattern.slice(row.locale ? row.locale.length + 1 : 0) || "/";
      return row.locale ? (own === "/" ? `/${row.locale}` : `/${row.locale}${own}`) : own;
    };
    const allowedStatus = (s: Sample, v: Viewer) =>
      s.owned && !v.owner ? 404 : typeof s.status === "function" ? s.status(v) : (s.status ?? 200);
    /** Who asks a route: everyone in the Italian tree and on resource routes; in the other trees the visitor and the tree's role; the owner where the documents are theirs. */
    const viewersOf = (row: Row, s: Sample) => {
      const role = row.page ? OTHER_TREES[row.locale] : undefined;
      return [...viewers.filter((v) => !role || v.kind === "anonymous" || v.role === role), ...(s.owned ? [owner] : [])];
    };

    /** A page's refusal: the visitor to the login page of the URL's language, a signed-in user the 404 page. */
    const refusedPage = (row: Row, v: Viewer, url: string, res: Answer, what: string) => {
      const login = loginOf(row.locale, url);
      if (v.kind === "anonymous")
        check(res.status === 302 && res.location === login, `${what}: expected 302 to ${login}, got ${res.status} ${res.location ?? ""}`);
      else
        check(
          res.status === 404 && res.body.includes('data-error-page="404"'),
          `${what}: expected the 404 page, got ${res.status} ${res.location ?? ""}`,
        );
    };
    /** A resource route's refusal: 401 to a visitor, the API's 404 to a signed-in user. */
    const refusedResource = (v: Viewer, res: Answer, what: string) => {
      const want =
        v.kind === "anonymous" ? { error: { code: 401, message: "Unauthorized" } } : { error: { code: 404, message: "Not Found" } };
      check(
        res.status === want.error.code && res.body === JSON.stringify(want),
        `${what}: expected ${JSON.stringify(want)}, got ${res.status} ${res.body.slice(0, 120)}`,
      );
    };

    it("every route of the manifest declares its rule and has a sample that reaches it", () => {
      // the manifest is app/routes.ts as it is now (a build older than a new route would leave it out)
      const configured: string[] = [];
      const walk = (list: readonly { id?: string; path?: string; children?: unknown }[]) =>
        list.forEach((r) => {
          configured.push(`${r.id} ${r.path ?? "(index)"}`);
          if (Array.isArray(r.children)) walk(r.children);
        });
      walk(routeConfig);
      const built = rows.map((r) => `${r.id} ${r.chain.at(-1)!.path ?? "(index)"}`);
      expect(built.sort(), "the build is not app/routes.ts's: run `npm run build`").toEqual(configured.sort());
      expect(rows.length).toBeGreaterThan(150);
      const matchedIds = matcher(build);
      const problems: string[] = [];
      for (const row of rows) {
        const declared = (row.chain.at(-1)!.module as { handle?: { capability?: string } }).handle?.capability;
        if (!declared && !(row.key in DELIBERATELY_PRIVATE))
          problems.push(`${row.id}: no handle.capability (declare one, or list it in DELIBERATELY_PRIVATE with the reason)`);
        const samples = samplesOf(row);
        if (!samples.length) {
          problems.push(
            `${row.id}: ${row.pattern} has no entry in SAMPLES (${/[:*]/.test(row.pattern) ? "it has dynamic segments: give them real values" : "{} for a plain 200"})`,
          );
          continue;
        }
        for (const s of samples) {
          if (!s.path && /[:*]/.test(row.pattern)) problems.push(`${row.id}: ${row.pattern} has dynamic segments: the sample needs a path`);
          const url = urlOf(row, s);
          const matched = matchedIds(url);
          if (!matched.includes(row.id)) problems.push(`${row.id}: the sample ${url} reaches ${matched.at(-1)}`);
        }
      }
      const known = new Set(rows.map((r) => r.key));
      for (const k of Object.keys(SAMPLES)) if (!known.has(k)) problems.push(`SAMPLES.${k}: no such route (removed? drop the sample)`);
      for (const k of Object.keys(DELIBERATELY_PRIVATE)) if (!known.has(k)) problems.push(`DELIBERATELY_PRIVATE.${k}: no such route`);
      expect(problems).toEqual([]);
    });

    it("every viewer gets the answer the route's capability says, on the document, `.data` and resource requests", async () => {
      failures.length = 0;
      const tasks: (() => Promise<void>)[] = [];
      for (const row of rows) {
        for (const s of samplesOf(row)) {
          const url = urlOf(row, s);
          for (const v of viewersOf(row, s)) {
            const allowed = allows(row, v);
            const expected = allowed ? allowedStatus(s, v) : 0;
            if (row.page) {
              queue(tasks, "page document GET", async () => {
                const res = await request(v, url, { fresh: s.spendsSession });
                const what = `${row.id} GET ${url} as ${v.name}`;
                if (!allowed) refusedPage(row, v, url, res, what);
                else check(res.status === expected, `${what}: expected ${expected}, got ${res.status} ${res.location ?? ""}`);
              });
              const data = dataUrl(url);
              queue(tasks, "page .data GET", async () => {
                const res = await request(v, data, { fresh: s.spendsSession });
                const what = `${row.id} GET ${data} as ${v.name}`;
                const login = loginOf(row.locale, url);
                // React Router answers a `.data` request's redirect with 202 and the target in its stream
                if (!allowed && v.kind === "anonymous")
                  check(
                    res.status === 202 && res.body.includes(`"redirect","${login}"`),
                    `${what}: expected the redirect to ${login}, got ${res.status} ${res.body.slice(0, 200)}`,
                  );
                else if (!allowed) check(res.status === 404, `${what}: expected 404, got ${res.status}`);
                else {
                  const want = expected >= 300 && expected < 400 ? 202 : expected;
                  check(res.status === want, `${what}: expected ${want}, got ${res.status}`);
                }
              });
            } else {
              queue(tasks, "resource GET", async () => {
                const res = await request(v, url, { fresh: s.spendsSession });
                const what = `${row.id} GET ${url} as ${v.name}`;
                if (!allowed) refusedResource(v, res, what);
                else
                  check(
                    res.status === expected,
                    `${what}: expected ${expected}, got ${res.status} ${res.location ?? ""} ${res.body.slice(0, 120)}`,
                  );
              });
            }
          }
        }
      }
      const t0 = performance.now();
      await pool(tasks, CONCURRENCY);
      timing(`${tasks.length} GET requests`, t0);
      expect(failures).toEqual([]);
    }, 600_000);

    it("posts to every action: the viewers the guard refuses, and other users on the owner's documents, change nothing", async () => {
      failures.length = 0;
      const before = await fingerprint(cat.db);
      const tasks: (() => Promise<void>)[] = [];
      const post = (v: Viewer, url: string, body: PostBody) =>
        "json" in body
          ? postJson(v, url, body.json)
          : request(v, url, {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams({ ...body.form, csrf: CSRF }).toString(),
            });
      for (const row of rows.filter((r) => r.action)) {
        for (const s of samplesOf(row)) {
          const url = urlOf(row, s) + (row.chain.at(-1)!.index ? "?index" : "");
          for (const v of viewersOf(row, s)) {
            if (v.owner) continue;
            const allowed = allows(row, v);
            // the owner-scoped pages: anyone else is answered as if the document did not exist
            if (allowed && !(s.owned && v.kind === "user")) continue;
            const body = s.post?.(ids) ?? { form: {} };
            queue(tasks, allowed ? "POST to another user's document (page)" : "POST refused by the guard", async () => {
              const res = await post(v, url, body);
              const what = `${row.id} POST ${url} as ${v.name}`;
              if (allowed) check(res.status === 404, `${what}: expected 404, got ${res.status} ${res.body.slice(0, 120)}`);
              else if (row.page) refusedPage(row, v, url, res, what);
              else refusedResource(v, res, what);
            });
          }
        }
      }
      for (const c of OWNED_CALLS) {
        for (const v of viewers) {
          queue(tasks, "POST to another user's document (API)", async () => {
            const res = await postJson(v, c.url, c.body(ids));
            const what = `${c.key} POST ${c.url} ${JSON.stringify(c.body(ids))} as ${v.name}`;
            const route = rows.find((r) => r.key === c.key)!;
            // (getDocBySlug is PUBLIC for its /api/public/ twin: on /api/auth/ the call itself answers a visitor 401)
            if (!allows(route, v) || v.kind === "anonymous") refusedResource(v, res, what);
            else
              check(
                res.status === 404 && !/Privata|Tavola privata|Storia privata|Ricerca privata/.test(res.body),
                `${what}: expected 404, got ${res.status} ${res.body.slice(0, 120)}`,
              );
          });
        }
      }
      const t0 = performance.now();
      await pool(tasks, CONCURRENCY);
      timing(`${tasks.length} POST requests`, t0);
      check(JSON.stringify(await fingerprint(cat.db)) === JSON.stringify(before), "the database changed after the refused posts");
      expect(await fingerprint(cat.db)).toEqual(before);
      // the owner's reads of the same calls answer (so the 404s above are refusals, not broken calls), and the
      // owner's own write shows in the fingerprint (so an unchanged one means nothing was written)
      for (const c of OWNED_CALLS.filter((x) => !x.write)) {
        const res = await postJson(owner, c.url, c.body(ids));
        check(res.status === 200, `${c.key} POST ${c.url} as the owner: expected 200, got ${res.status} ${res.body.slice(0, 120)}`);
      }
      const added = await postJson(owner, "/api/auth/docs/addItems", {
        collection: ids.collection,
        items: [{ table: "ca_objects", id: "pub2" }],
      });
      expect(added.status).toBe(200);
      const after = await fingerprint(cat.db);
      expect(Object.keys(after).filter((t) => after[t] !== before[t])).toContain("collection_items");
      expect(failures).toEqual([]);
      const pages = rows.filter((r) => r.page).length;
      console.log(
        `access matrix on ${target.name}: ${rows.length} routes (${pages} pages in ${1 + Object.keys(OTHER_TREES).length} trees, ${rows.length - pages} resource routes), ` +
          `${viewers.length} viewers and the owner; ${assertions} assertions: ${JSON.stringify(tally)}`,
      );
      expect(assertions).toBeGreaterThanOrEqual(MIN_ASSERTIONS);
    }, 600_000);
  });
}
