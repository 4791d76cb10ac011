import crypto from "node:crypto";
import path from "node:path";
import express from "express";
import compression from "compression";
import helmet from "helmet";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import type { Database } from "../app/.server/db";
import { pingDatabase } from "../app/.server/db";
import { CSRF_COOKIE, cookieName, identify, isSecureRequest } from "../app/.server/session";
import { crossSiteGuard } from "../app/.server/session-csrf";
import { guardBuild } from "../app/.server/access/guard";
import { botCheckCsp } from "../app/features/accounts/bot-check.server";
import { analyticsCspOrigins } from "../app/features/shell/index.server";
import { readCookie } from "../app/lib/cookies";
import type { Logger } from "../app/.server/logger";
import { isCatalogueRead, requestDatabase, type TecaLoadContext } from "../app/.server/context";
import { watchCatalogue } from "../app/.server/caches";
import { readEnv } from "../app/.server/env";
import { httpCache, pageCacheOf } from "./http-cache";
import { oaiPostAsGet } from "../app/features/standards/oai-post.server";
import { jsonLdNegotiation } from "../app/features/standards/jsonld-negotiation.server";
import { mediaFiles } from "./media";
import { iiifImages } from "./iiif";
import { allowedHostsOf, databaseGuard, hostGuard, mailLinkOrigin, loadLimiter, loadLimitOf, methodGuard, type LoadLimit } from "./guard";

/** The URL as logged: a password-reset, unsubscribe or shared-collection link's token is a credential, so it never reaches the log. */
export const loggedUrl = (url: string) =>
  url
    .replace(/(\/reset_password\/)[^/?#]+/, "$1[token]")
    .replace(/(\/searches\/unsubscribe\/)[^/?#]+/, "$1[token]")
    .replace(/(\/shared\/)[^/?#]+/, "$1[token]");

export type AppOptions = {
  database: Database;
  build: ServerBuild | (() => Promise<ServerBuild>);
  clientDir: string;
  publicDir: string;
  mediaDir: string;
  logger: Logger;
  /** Absolute URLs are built from it when set (default: PUBLIC_URL). */
  publicUrl?: string;
  /** Hosts served without PUBLIC_URL (default: ALLOWED_HOSTS, else the local ones). */
  allowedHosts?: string[] | "*";
  /** Requests doing database work at once, and the queue (default: from the environment). */
  load?: LoadLimit;
  /** Behind the front process (server/front.ts): its socket is one more trusted hop (X-Forwarded-For). */
  behindFront?: boolean;
};

/**
 * The Node host: request logs with an id, methods and hosts checked,
 * security headers, compression, /healthz and /readyz, static assets, media,
 * then the React Router handler behind the load limiter.
 */
export function createApp(opts: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // The client's address (rate limits, sign-in throttling, the audit log): the socket's peer, or what the
  // trusted hops say — a reverse proxy (TRUST_PROXY=1) and the front process, whose Unix socket only it reaches.
  const hops = (process.env.TRUST_PROXY === "1" ? 1 : 0) + (opts.behindFront ? 1 : 0);
  app.set("trust proxy", hops || false);
  const limiter = loadLimiter(opts.load ?? loadLimitOf(process.env, opts.database.kind));
  app.locals.requestStats = limiter.stats;
  // Other processes' imports clear this one's caches (PostgreSQL); stopped when the database closes.
  watchCatalogue(opts.database).catch((err) =>
    opts.logger.warn({ err }, "cannot watch the catalogue for changes: caches expire by age only"),
  );

  app.use((req, res, next) => {
    const incoming = req.get("x-request-id");
    const id = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    res.locals.requestId = id;
    res.setHeader("X-Request-Id", id);
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      // (a 503 of the load limiter is deliberate: a warning, not an error)
      const level = res.statusCode === 503 ? "warn" : res.statusCode >= 500 ? "error" : "info";
      if (req.path.startsWith("/assets/") || req.path.startsWith("/media/") || req.path.startsWith("/iiif/3/")) return;
      opts.logger[level](
        { reqId: id, method: req.method, url: loggedUrl(req.originalUrl), status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        "request",
      );
    });
    next();
  });

  app.use(methodGuard());
  const allowedHosts = opts.allowedHosts ?? allowedHostsOf(process.env.ALLOWED_HOSTS);
  app.use(hostGuard({ publicUrl: opts.publicUrl ?? process.env.PUBLIC_URL, allowedHosts }));

  // A fresh nonce per response: React Router's inline scripts carry it (app/entry.server.tsx); nothing else
  // inline may run. Kept pages (the page cache) get theirs rewritten (http-cache.ts).
  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: [
            "'self'",
            (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
            ...botCheckCsp().script,
            // the visit-statistics tracker's script, when MATOMO_URL names one (decision 102)
            ...analyticsCspOrigins(),
          ],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // blob: the panorama viewer reads its picture with fetch and shows it through a blob: address, as
          // three.js's glTF loader does a model's own textures (decision 106); only this page's scripts make them.
          imgSrc: ["'self'", "data:", "https:", "blob:"],
          frameSrc: ["https://www.youtube-nocookie.com", "https://www.youtube.com", "https://player.vimeo.com", ...botCheckCsp().frame],
          mediaSrc: ["'self'"],
          connectSrc: ["'self'", "blob:", ...analyticsCspOrigins()],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Not helmet's no-referrer: under it a browser's form post says `Origin: null`, which the cross-site
      // guard and React Router must refuse. same-origin still sends nothing to other sites (decision 040).
      referrerPolicy: { policy: "same-origin" },
    }),
  );
  app.use(compression());

  // Liveness from memory, whatever the load (no database work); readiness asks the database.
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok", database: opts.database.kind, pid: process.pid, requests: limiter.stats() });
  });
  app.get("/readyz", async (_req, res) => {
    const ok = await Promise.race([pingDatabase(opts.database), new Promise<boolean>((r) => setTimeout(() => r(false), 2000).unref())]);
    res
      .set("Cache-Control", "no-store")
      .status(ok ? 200 : 503)
      .json({ status: ok ? "ready" : "unavailable", database: opts.database.kind });
  });

  // One URL per page: "/en/" and "/oggetti/1/" redirect to their form without the trailing slash.
  app.use((req, res, next) => {
    if ((req.method === "GET" || req.method === "HEAD") && req.path.length > 1 && req.path.endsWith("/")) {
      const q = req.originalUrl.slice(req.path.length);
      const target = req.path.replace(/\/+$/, "") || "/";
      if (target.startsWith("/") && !target.startsWith("//")) return res.redirect(301, target + q);
    }
    next();
  });

  // The catalogue's pages and calls meet the cache before anything else works for them (they are never static
  // files); other pages and API answers after the static files (below). Exports, a catalogue read, are
  // downloads streamed as they are read (never kept, no ETag): the cache layer stays out of them.
  const cache = httpCache(pageCacheOf(), opts.database);
  const catalogueRead = (req: express.Request) => isCatalogueRead(req.path) && req.path !== "/api/public/export";
  app.use((req, res, next) => (catalogueRead(req) ? cache(req, res, next) : next()));

  app.use("/assets", express.static(path.join(opts.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  app.use("/media", mediaFiles({ database: opts.database, mediaDir: opts.mediaDir, logger: opts.logger, publicUrl: opts.publicUrl }));
  app.use("/iiif/3", iiifImages({ database: opts.database, mediaDir: opts.mediaDir, logger: opts.logger, publicUrl: opts.publicUrl }));
  app.use(express.static(opts.clientDir, { maxAge: "1h", index: false }));
  app.use(express.static(opts.publicDir, { maxAge: "1h", index: false }));

  app.use(oaiPostAsGet()); // an OAI-PMH POST is a read: the same GET, before the cross-site guard (decision 050)
  app.use(jsonLdNegotiation()); // Accept: application/ld+json on a record page: its JSON-LD
  app.use(crossSiteGuard({ publicUrl: opts.publicUrl ?? process.env.PUBLIC_URL }));
  app.use((req, res, next) => (isCatalogueRead(req.path) ? next() : cache(req, res, next)));
  app.use(databaseGuard(() => pingDatabase(opts.database)).middleware);
  app.use(limiter.middleware);
  app.use(
    createRequestHandler({
      // Every route's loader and action behind the capability its module declares (decision 040).
      build:
        typeof opts.build === "function"
          ? (
              (b) => async () =>
                guardBuild(await b())
            )(opts.build)
          : guardBuild(opts.build),
      // The viewer, once per request, from the session cookie: nothing else reads it.
      async getLoadContext(req, res): Promise<TecaLoadContext> {
        const secure = isSecureRequest(req.secure, opts.publicUrl ?? process.env.PUBLIC_URL);
        const { viewer, sessionId } = await identify(opts.database, req.get("cookie"), secure);
        if (viewer.kind === "user") res.locals.signedIn = true;
        return {
          database: requestDatabase(opts.database, { method: req.method, path: req.path, signedIn: viewer.kind === "user" }),
          viewer,
          requestId: res.locals.requestId as string,
          cspNonce: res.locals.cspNonce as string,
          mediaDir: opts.mediaDir,
          auth: {
            sessionId,
            address: req.ip ?? "",
            userAgent: req.get("user-agent") ?? "",
            secure,
            csrfCookie: readCookie(req.get("cookie"), cookieName(CSRF_COOKIE, secure)),
            formTokenRequired: res.locals.formTokenRequired === true,
            // Worked out only by the few routes that mail a link, not on every request.
            linkOrigin: () =>
              mailLinkOrigin({
                publicUrl: opts.publicUrl ?? process.env.PUBLIC_URL,
                allowedHosts,
                protocol: req.protocol,
                host: req.host ?? "",
                // (a request the front proxied over its app socket has no TCP port: the front listens on PORT)
                arrivedOnPort: req.socket.localPort ?? readEnv().port,
              }),
          },
        };
      },
    }),
  );

  app.use((err: Error, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    opts.logger.error({ reqId: res.locals.requestId, err, url: loggedUrl(req.originalUrl) }, "unhandled error");
    if (!res.headersSent) res.status(500).type("text/plain").send(`Internal Server Error (request ${res.locals.requestId})`);
  });
  return app;
}
