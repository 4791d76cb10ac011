import { splitLocale } from "~/lib/locale";
import { TABLE_SLUGS } from "~/lib/tables";
import { catalogueReader, type Database } from "./db";
import type { Viewer } from "./access";
import type { AuthContext } from "./session";
import type { Locale } from "~/lib/locale";

/** What every service receives: never the request. */
export type ServiceContext = { database: Database; viewer: Viewer; locale: Locale };

/** The load context the Node host gives React Router (server/app.ts). */
export type TecaLoadContext = {
  database: Database;
  viewer: Viewer;
  requestId: string;
  mediaDir: string;
  /** The session and client behind the viewer: for the account routes (server/app.ts builds it). */
  auth?: AuthContext;
  /** This response's Content-Security-Policy nonce (server/app.ts): every inline script carries it. */
  cspNonce?: string;
};

declare module "react-router" {
  interface AppLoadContext extends TecaLoadContext {}
}

/** The service context of a loader: its database, viewer and the URL's locale. */
export function serviceContext(context: TecaLoadContext, url: URL): ServiceContext {
  return { database: context.database, viewer: context.viewer, locale: splitLocale(url.pathname).locale };
}

/**
 * The catalogue's pages and calls, as paths without the locale prefix (a client navigation's `.data` too):
 * home, search (with its facets, map and timeline), record pages and their JSON, related records, suggestions,
 * exports, IIIF manifests and search collections, OAI-PMH, JSON-LD, sitemaps and the feed.
 */
const CATALOGUE_READS = [
  /^\/(_root)?$/,
  /^\/cerca$/,
  new RegExp(`^/(${Object.values(TABLE_SLUGS).join("|")})/[^/]+(/[^/]+)?$`),
  /^\/sfogliatore\/[^/]+(\/[^/]+)?$/,
  /^\/print\/(template\/qr|template|qr)(\/[^/]+)?$/,
  /^\/api\/public\/(search|suggest|export|records\/[^/]+\/[^/]+(\/related)?)$/,
  /^\/iiif\/(manifest\/[^/]+\/[^/]+|collection\/search)$/,
  /^\/(oai|ld\/[^/]+\/[^/]+|sitemap\.xml|sitemaps\/[^/]+|feed\.atom)$/,
];

/**
 * The database a request's loaders use (the one place that chooses; DATABASE_READ_URL). A visitor's GET of a
 * catalogue page or call reads the replica; everything else the primary: every write, and whatever must read
 * its own writes — sessions (read before this), accounts, workspace, settings, saved searches, imports — as
 * well as every request of a signed-in user, whose pages show what they have just changed.
 */
export function requestDatabase(database: Database, req: { method: string; path: string; signedIn: boolean }): Database {
  if (!database.replica || req.signedIn || (req.method !== "GET" && req.method !== "HEAD")) return database;
  return isCatalogueRead(req.path) ? catalogueReader(database) : database;
}

/** Whether a path (with its locale prefix) is one of the catalogue's pages and calls (CATALOGUE_READS). */
export function isCatalogueRead(pathname: string): boolean {
  const path =
    splitLocale(pathname)
      .path.replace(/\.data$/, "")
      .replace(/\/$/, "") || "/";
  return CATALOGUE_READS.some((re) => re.test(path));
}
