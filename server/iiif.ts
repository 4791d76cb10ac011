import fs from "node:fs";
import path from "node:path";
import express from "express";
import type { Database } from "../app/.server/db";
import type { Logger } from "../app/.server/logger";
import { hasTiles, IIIF_ID, makeTiles, publicImages, readInfo, tilesStore } from "../app/.server/iiif-tiles";

/** Images tiled on request at once (a process); an image that failed is tried again after RETRY_FAILED_MS. */
const MAX_TILING = 1;
const RETRY_FAILED_MS = 10 * 60_000;
/** Requests for other images that may wait for the tiler (one more is answered 503), and for how long (ms). */
const MAX_WAITING = 8;
const MAX_WAIT_MS = 20_000;

/** A tile's address below its image: {region}/{size}/{rotation}/default.jpg, as sharp's iiif3 layout writes it. */
const TILE = /^\/(?:full|\d+,\d+,\d+,\d+)\/(?:max|\d+,\d*|\d*,\d+)\/0\/default\.jpg$/;

/**
 * /iiif/3: the IIIF Image API 3, level 0 (decision 053). info.json with the public base URL, tiles as
 * immutable static files, open to every origin. Only images a visitor may see are published; any other id
 * — a restricted image, an image of a record with access 2 or 3, an unknown one — answers 404 whoever asks
 * (signed-in viewers see such images through /media). A public image without tiles yet (imported before
 * them, or public since) is tiled on its first request.
 */
export function iiifImages(opts: { database: Database; mediaDir: string; logger: Logger; publicUrl?: string }) {
  const tiles = express.static(tilesStore(opts.mediaDir), {
    index: false,
    dotfiles: "deny",
    fallthrough: true,
    immutable: true,
    maxAge: "1y",
  });
  let tiling = 0;
  /** The image being tiled now, shared by every request for it (a viewer asks for info.json and tiles at once). */
  const inflight = new Map<string, Promise<boolean>>();
  /** Requests for other images waiting for the tiler, in order. */
  const waiting: (() => void)[] = [];
  const failed = new Map<string, number>();
  const tile = async (source: string, id: string): Promise<boolean> => {
    tiling++;
    try {
      await makeTiles(source, opts.mediaDir, id);
      failed.delete(id);
      return true;
    } catch (err) {
      failed.set(id, Date.now());
      opts.logger.warn({ err, id }, "iiif: cannot tile an image");
      return false;
    } finally {
      tiling--;
      inflight.delete(id);
      waiting.shift()?.();
    }
  };
  /** Waits for the tiler to be free; false when too many wait already or the wait ran out. */
  const turn = () =>
    new Promise<boolean>((resolve) => {
      if (waiting.length >= MAX_WAITING) return resolve(false);
      const go = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const i = waiting.indexOf(go);
        if (i >= 0) waiting.splice(i, 1);
        resolve(false);
      }, MAX_WAIT_MS);
      waiting.push(go);
    });
  const notFound = (res: express.Response) =>
    res.status(404).setHeader("Cache-Control", "public, max-age=60").type("text/plain").send("Not Found");
  return async (req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    res.setHeader("Access-Control-Allow-Origin", "*");
    // Viewers on other sites draw the tiles (helmet's default would keep them to this origin).
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    const m = /^\/([^/]+)(\/.*)?$/.exec(req.path);
    const id = m?.[1] ?? "";
    const rest = m?.[2] ?? "";
    if (!IIIF_ID.test(id) || !(rest === "" || rest === "/info.json" || TILE.test(rest))) return notFound(res);
    let original: string | undefined;
    try {
      original = (await publicImages(opts.database)).get(id);
    } catch (err) {
      opts.logger.warn({ err }, "iiif: cannot read the public images");
      res.setHeader("Retry-After", "5");
      return res.status(503).type("text/plain").send("Service Unavailable");
    }
    if (!original) return notFound(res);
    if (!hasTiles(opts.mediaDir, id)) {
      const source = path.join(opts.mediaDir, original);
      if (!fs.existsSync(source)) return notFound(res);
      // An image that could not be tiled is not tried again for a while: anyone can ask for any public image.
      const failedAt = failed.get(id);
      if (failedAt && Date.now() - failedAt < RETRY_FAILED_MS) return notFound(res);
      // Tiling is bounded: one image at a time; a request for the image being tiled waits for it, a request
      // for another waits its turn (a few, briefly), and beyond that the visitor is asked to come back.
      let job = inflight.get(id);
      let waited = false;
      while (!job && tiling >= MAX_TILING) {
        waited = true;
        if (!(await turn())) {
          res.setHeader("Retry-After", "5");
          return res
            .status(503)
            .setHeader("Cache-Control", "no-store")
            .type("text/plain")
            .send("Service Unavailable: the image is being prepared");
        }
        job = inflight.get(id);
      }
      if (!job && !hasTiles(opts.mediaDir, id)) {
        job = tile(source, id);
        inflight.set(id, job);
      } else if (waited && !job) waiting.shift()?.(); // tiled meanwhile: the turn passes on
      if (job && !(await job)) return notFound(res);
    }
    const base = `${(opts.publicUrl ?? process.env.PUBLIC_URL)?.replace(/\/$/, "") || `${req.protocol}://${req.get("host")}`}/iiif/3`;
    // The image's base URI redirects to its description (Image API 3 §2.2).
    if (rest === "") return res.redirect(303, `${base}/${id}/info.json`);
    if (rest === "/info.json") {
      const body = await readInfo(opts.mediaDir, id, base);
      res.setHeader("Cache-Control", "public, max-age=86400");
      // JSON-LD when asked for (Image API 3 §7.1), else plain JSON.
      const ld = /application\/ld\+json/.test(req.get("accept") ?? "");
      res.type(ld ? 'application/ld+json;profile="http://iiif.io/api/image/3/context.json"' : "application/json");
      res.vary("Accept");
      return res.send(body);
    }
    return tiles(req, res, () => notFound(res));
  };
}
