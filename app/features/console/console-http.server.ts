import { data } from "react-router";
import type { TecaLoadContext } from "~/.server/context";
import { serviceContext } from "~/.server/context";
import { ConsoleError } from "./console.server";
import { DropboxError } from "./dropbox.server";
import { PagesError } from "../pages/pages.server";

/** What the console's routes share: the service context and the services' refusals as page answers. */
export const consoleContext = (context: TecaLoadContext, url: URL) => serviceContext(context, url);

export const address = (context: TecaLoadContext) => context.auth?.address ?? "";

/** A refusal on a page: 'forbidden' and 'notFound' are the 404 page (nothing says what exists). */
export function pageRefusal(err: unknown): never {
  if (
    (err instanceof ConsoleError || err instanceof DropboxError || err instanceof PagesError) &&
    (err.code === "forbidden" || err.code === "notFound")
  )
    throw data({ code: 404, messageKey: "error.notFound" }, { status: 404 });
  throw err;
}

export const NO_STORE = { "Cache-Control": "private, no-store" } as const;
