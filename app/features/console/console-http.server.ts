import { data } from "react-router";
import type { TecaLoadContext } from "~/.server/context";
import { serviceContext } from "~/.server/context";
import { DropboxError } from "./dropbox.server";

/** What the console's routes share: the service context and the services' refusals as page answers. */
export const consoleContext = (context: TecaLoadContext, url: URL) => serviceContext(context, url);

export const address = (context: TecaLoadContext) => context.auth?.address ?? "";

/**
 * A staged file gone, on a page: the 404 page (nothing says what exists). The services' refusals (a viewer
 * without the capability, a job not found) are answered by the route guard (app/.server/access/refusal.ts).
 */
export function pageRefusal(err: unknown): never {
  if (err instanceof DropboxError && err.code === "notFound") throw data({ code: 404, messageKey: "error.notFound" }, { status: 404 });
  throw err;
}

export const NO_STORE = { "Cache-Control": "private, no-store" } as const;
