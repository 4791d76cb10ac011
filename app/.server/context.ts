import { splitLocale } from "~/lib/locale";
import type { Database } from "./db";
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
