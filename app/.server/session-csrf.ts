import type express from "express";

/**
 * Cross-site request forgery (decision 040). A POST is refused with 403 when the browser says it comes from
 * another site: Sec-Fetch-Site other than same-origin (or none, typed by the user), or, without it, an
 * Origin other than the site's. A JSON post without either header cannot come from another site's page (its content type
 * needs a CORS preflight, which is never granted). A form post without either header — an old browser, a
 * privacy proxy stripping them — must carry the form token (the `csrf` field equal to the CSRF cookie);
 * the route guard checks it (app/.server/access/guard.ts).
 */
export function crossSiteGuard(opts: { publicUrl?: string }): express.RequestHandler {
  const publicOrigin = opts.publicUrl ? new URL(opts.publicUrl).origin : null;
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    const site = req.get("sec-fetch-site")?.toLowerCase();
    const origin = req.get("origin");
    // Fetch metadata, when the browser sends it, is the surest word (a page cannot forge it).
    if (site) return site === "same-origin" || site === "none" ? next() : refuse(res);
    // "null" (a sandboxed frame; or Referrer-Policy no-referrer, hence same-origin in server/app.ts) names no
    // site: the form token decides.
    if (origin !== undefined && origin !== "null") {
      const own = publicOrigin ?? `${req.protocol}://${req.host}`;
      return origin === own ? next() : refuse(res);
    }
    const type = (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "application/json") res.locals.formTokenRequired = true;
    next();
  };
}

function refuse(res: express.Response) {
  res.status(403).set("Cache-Control", "no-store").type("text/plain").send("Forbidden: cross-site request");
}
