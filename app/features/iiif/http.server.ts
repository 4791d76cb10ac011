import type { Viewer } from "~/.server/access";

/** The site's public origin: PUBLIC_URL when set, else the request's. */
export function publicOrigin(url: URL): string {
  return process.env.PUBLIC_URL?.replace(/\/$/, "") || url.origin;
}

const PRESENTATION = "http://iiif.io/api/presentation/3/context.json";

/**
 * A IIIF resource: open to every origin (viewers on other sites read it), JSON-LD with the Presentation 3
 * profile when the client asks for JSON-LD, else plain JSON. A visitor's answer may be cached a few minutes;
 * a signed-in viewer's (which may hold more) never.
 */
export function iiifJson(body: unknown, opts: { request: Request; viewer: Viewer }) {
  const ld = /application\/ld\+json/.test(opts.request.headers.get("accept") ?? "");
  return new Response(JSON.stringify(body), {
    headers: {
      "Content-Type": ld ? `application/ld+json;profile="${PRESENTATION}"` : "application/json; charset=utf-8",
      "Access-Control-Allow-Origin": "*",
      "Cross-Origin-Resource-Policy": "cross-origin",
      "Cache-Control": opts.viewer.kind === "anonymous" ? "public, max-age=300" : "private, no-store",
      Vary: "Accept, Cookie",
    },
  });
}

export function iiifError(status: number, message: string) {
  return Response.json(
    { error: { code: status, message } },
    {
      status,
      headers: {
        "Access-Control-Allow-Origin": "*",
        "Cross-Origin-Resource-Policy": "cross-origin",
        "Cache-Control": "public, max-age=60",
      },
    },
  );
}
