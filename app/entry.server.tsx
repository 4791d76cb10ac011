import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { readFileSync } from "node:fs";
import stylesUrl from "./styles/site.css?url";
import { InlineStylesheet, splitFontFaces, type InlineCss } from "~/features/shell";
import { afterPaint } from "~/features/shell/index.server";

export const streamTimeout = 5_000;

/** The built stylesheet's text, written into every page (docs/decisions/024); null in development. */
const inlineCss: InlineCss = (() => {
  // This module is in build/server/ or, when the server build is split into chunks, in build/server/assets/.
  for (const up of ["../client", "../../client"]) {
    try {
      return splitFontFaces(readFileSync(new URL(`${up}${stylesUrl}`, import.meta.url), "utf8"));
    } catch {
      /* not there */
    }
  }
  return null;
})();

/**
 * React Router's Node entry (its default, node flavour) with one addition: the response's CSP nonce
 * (server/app.ts puts it in the load context) on every script React and React Router write — the hydration
 * data, the module scripts, the scroll restoration — so the policy needs no 'unsafe-inline' for scripts.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers wait for all content; visitors get the shell first.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      // The stylesheet's text for <SiteStylesheet> (app/root.tsx), so that the first paint waits for no request.
      <InlineStylesheet.Provider value={inlineCss}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineStylesheet.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          // The page's scripts, fonts and messages wait for its first paint (app/features/shell/after-paint.server.ts).
          const deferred = afterPaint(nonce);
          deferred.pipe(body);
          pipe(deferred);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell itself reject and are logged by React Router.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
