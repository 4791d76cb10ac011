import path from "node:path";
import express from "express";
import type { Database } from "../app/.server/db";
import type { Logger } from "../app/.server/logger";
import { mayViewMedia, mediaIndex } from "../app/.server/access/media";
import { identify, isSecureRequest } from "../app/.server/session";

/** What a browser may show in place: images, sound, video, PDF, the IIIF descriptions. */
const SHOWN_INLINE = /\.(jpe?g|png|webp|avif|gif|mp4|webm|ogg|ogv|oga|mp3|m4a|wav|pdf|json)$/i;

/**
 * Any other file (documents attached from the drop box: doc, docx, xml, zip…) is a download: an XML or office
 * file is never rendered as a page of this origin, whatever its content (with helmet's nosniff).
 */
function downloadOnly(res: express.Response, file: string) {
  if (!SHOWN_INLINE.test(file)) res.setHeader("Content-Disposition", "attachment");
}

/**
 * /media: public files as immutable static files; protected ones (restricted images, every file of a record
 * with access 2 or 3) only to a viewer allowed to see them, `Cache-Control: private`; files no media row uses
 * to no one. Anyone refused gets what a missing file gets (the 404 page), so a protected file's address says
 * nothing (decision 043).
 */
export function mediaFiles(opts: { database: Database; mediaDir: string; logger: Logger; publicUrl?: string }) {
  const options = { index: false, dotfiles: "deny", fallthrough: true } as const;
  const publicFiles = express.static(opts.mediaDir, { ...options, immutable: true, maxAge: "1y", setHeaders: downloadOnly });
  const privateFiles = express.static(opts.mediaDir, {
    ...options,
    cacheControl: false,
    setHeaders(res, file) {
      res.setHeader("Cache-Control", "private, max-age=0, must-revalidate");
      res.setHeader("Vary", "Cookie");
      downloadOnly(res, file);
    },
  });
  return async (req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let rel: string;
    try {
      rel = decodeURIComponent(req.path).replace(/^\/+/, "");
    } catch {
      return next();
    }
    // One spelling per file: "a//b", "a/./b", "a/../a/b" or backslashes would reach the same file under
    // another key. Such an address is treated as missing.
    if (rel.includes("\\") || rel.includes("\0") || path.posix.normalize(rel) !== rel) return next();
    let index: Awaited<ReturnType<typeof mediaIndex>>;
    try {
      index = await mediaIndex(opts.database);
    } catch (err) {
      // Which files are public is unknown while the database is down: serve none of them.
      opts.logger.warn({ err }, "media: cannot read the media index");
      res.setHeader("Retry-After", "5");
      return res.status(503).type("text/plain").send("Service Unavailable");
    }
    const ids = index.get(rel);
    // not a file of the catalogue (any more): missing
    if (ids === undefined) return next();
    if (ids === null) return publicFiles(req, res, next);
    try {
      const secure = isSecureRequest(req.secure, opts.publicUrl ?? process.env.PUBLIC_URL);
      const { viewer } = await identify(opts.database, req.get("cookie"), secure);
      if (await mayViewMedia(opts.database, viewer, ids)) return privateFiles(req, res, next);
    } catch (err) {
      return next(err);
    }
    res.setHeader("Vary", "Cookie");
    return next();
  };
}
