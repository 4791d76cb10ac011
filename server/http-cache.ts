import crypto from "node:crypto";
import type express from "express";
import { pagesChanged, registerPages } from "../app/.server/caches";
import { isCatalogueRead } from "../app/.server/context";

/**
 * HTTP caching of pages and API answers (decision 030): what a route does not
 * say itself, this says. A visitor's page (200, no cookie set) may be kept a
 * minute by browsers and shared caches and served stale for ten more while it
 * is refreshed; a 404 a minute; a server error never. Every cacheable answer
 * varies by Cookie (a signed-in viewer sees more) and carries a weak ETag of
 * its body, so a revalidation costs a 304 instead of the page. A signed-in viewer's answers are always
 * private, no-store.
 */
export const PAGE_CACHE = "public, max-age=60, stale-while-revalidate=600";
/** Bodies above this are sent as they come (no ETag): they are not pages. */
const ETAG_LIMIT = 4 * 1024 * 1024;

type Write = (chunk: unknown, encoding?: BufferEncoding | ((err?: Error | null) => void), cb?: (err?: Error | null) => void) => boolean;
type End = (chunk?: unknown, encoding?: BufferEncoding | (() => void), cb?: () => void) => express.Response;

const toBuffer = (chunk: unknown, encoding?: unknown) =>
  Buffer.isBuffer(chunk)
    ? chunk
    : typeof chunk === "string"
      ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
      : Buffer.from(chunk as Uint8Array);

/** Whether If-None-Match names this ETag (weak comparison, RFC 9110 §13.1.2). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => bare(t) === bare(etag));
}

function defaultCacheControl(res: express.Response): string | null {
  // A signed-in viewer's answer is theirs alone, whatever the route said (server/app.ts sets the flag).
  if (res.locals.signedIn) return "private, no-store";
  if (res.getHeader("Cache-Control")) return null;
  if (res.getHeader("Set-Cookie")) return "private, no-store";
  if (res.statusCode === 200) return PAGE_CACHE;
  if (res.statusCode === 404 || res.statusCode === 410) return "public, max-age=60";
  if (res.statusCode >= 500) return "no-store";
  return null;
}

/**
 * Visitors' catalogue pages and calls kept whole in this process for five minutes (PAGE_CACHE_SECONDS, default
 * 300; 0: none), at most PAGE_CACHE_MB (default 32) of them, oldest out first, so a burst of visitors on the
 * same search or record costs one rendering, not one each, and never waits in the load limiter's queue. Only
 * the catalogue's reads (isCatalogueRead: home, search, records, their JSON and the rest), for requests
 * without a session, answered 200 as `public` without a cookie; kept per PUBLIC_URL, scheme, host, address,
 * Cookie and Accept (what the pages vary by). One computation per page at a time: the others wait for it, or
 * get the copy that has just expired (stale-while-revalidate, up to a minute past its time). They are
 * forgotten, in every process (caches.ts, a NOTIFY on PostgreSQL), by an import or a settings save
 * (catalogueChanged) and by any successful write of a signed-in user (pagesChanged): what is kept longer
 * than the minute a shared cache may keep it (PAGE_CACHE) is what nothing has changed since. What changes
 * with time alone shows within the five minutes (the home page's sample is drawn anew as often); a random
 * selection (`shuffle`) is kept a minute. Decision 030.
 */
export type PageCacheOptions = { seconds: number; maxBytes: number };
export function pageCacheOf(env: NodeJS.ProcessEnv = process.env): PageCacheOptions {
  const num = (v: string | undefined, d: number) =>
    v !== undefined && v !== "" && Number.isFinite(Number(v)) && Number(v) >= 0 ? Number(v) : d;
  return { seconds: num(env.PAGE_CACHE_SECONDS, 300), maxBytes: num(env.PAGE_CACHE_MB, 32) * 1024 * 1024 };
}
/** How long a random selection (the search's `shuffle`) is kept at most: visitors asking again get another. */
const RANDOM_MS = 60_000;
const isRandom = (req: express.Request) => req.query.shuffle === "1" || req.query.showshuffle === "1";
/** A kept page: its headers, and its body cut where the nonce of the response it was made for stood. */
type Kept = { at: number; ms: number; headers: [string, string | number | string[]][]; parts: Buffer[]; size: number };
/** `generation`: how many times the store was forgotten; a page made across a change is not kept. */
type Store = { kept: Map<string, Kept>; bytes: number; generation: number };
/** Every store of kept pages in this process, cleared together by catalogueChanged and pagesChanged (registered once). */
const stores = new Set<Store>();
const forget = (store: Store) => {
  store.kept.clear();
  store.bytes = 0;
  store.generation++;
};
registerPages(() => stores.forEach(forget));
// (the CSP header is this response's own, with its nonce: server/app.ts sets it before this runs)
const SKIP_HEADERS = new Set([
  "content-security-policy",
  "x-request-id",
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "connection",
]);
const hasSession = (req: express.Request) => /(?:^|;\s*)(?:__Host-)?teca_session=/.test(req.get("cookie") ?? "");
/** How long past its time a kept page is still served while the same page is being made again. */
const STALE_MS = 60_000;
/** How long a request waits for the same page being made by another before making it itself. */
const FOLLOW_WAIT_MS = 10_000;

/**
 * Headers a 304 leaves out. A browser updates its stored copy with the headers of a 304: a new CSP header
 * would carry a nonce the stored page's scripts do not have, and the page would run no script — so the
 * stored page keeps the policy it came with.
 */
const NOT_ON_304 = ["Content-Type", "Content-Length", "Content-Encoding", "Transfer-Encoding", "Content-Security-Policy"];

/** The page cut at every occurrence of its nonce (a nonce is 24 random characters): put together with another by withParts. */
function cutAtNonce(body: Buffer, nonce: string): Buffer[] {
  if (!nonce) return [body];
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(nonce, 0, "utf8"); at >= 0; at = body.indexOf(nonce, from, "utf8")) {
    parts.push(body.subarray(from, at));
    from = at + Buffer.byteLength(nonce);
  }
  parts.push(body.subarray(from));
  return parts;
}
/** The parts of a page put together with `nonce` between them. */
const withParts = (parts: Buffer[], nonce: string) =>
  parts.length === 1 ? parts[0]! : Buffer.concat(parts.flatMap((p, i) => (i ? [Buffer.from(nonce), p] : [p])));

/**
 * `database`: where a signed-in user's writes are announced to the other processes (pagesChanged); without
 * it, only this process's kept pages are forgotten.
 */
export function httpCache(opts: PageCacheOptions = pageCacheOf(), database?: object): express.RequestHandler {
  const store: Store = { kept: new Map(), bytes: 0, generation: 0 };
  stores.add(store);
  const { kept } = store;
  /** Pages being made now, by key: resolved when that response is over. */
  const making = new Map<string, Promise<void>>();
  const ttl = opts.seconds * 1000;
  const keep = (key: string, page: Kept) => {
    const old = kept.get(key);
    if (old) store.bytes -= old.size;
    kept.delete(key);
    if (page.size > opts.maxBytes) return;
    kept.set(key, page);
    store.bytes += page.size;
    for (const [k, v] of kept) {
      if (store.bytes <= opts.maxBytes) break;
      kept.delete(k);
      store.bytes -= v.size;
    }
  };
  /** The page kept under `key` if its time (and `past` ms more) has not run out. */
  const keptWithin = (key: string | null, past: number) => {
    const hit = key ? kept.get(key) : undefined;
    return hit && hit.at > Date.now() - hit.ms - past ? hit : undefined;
  };
  const fresh = (key: string | null) => keptWithin(key, 0);
  const serveKept = (req: express.Request, res: express.Response, hit: Kept, state = "hit") => {
    for (const [k, v] of hit.headers) res.setHeader(k, v);
    // A kept page is what the catalogue still is (every change forgets it): validated now, so no Age —
    // except a copy served past its time while it is made again.
    if (state === "stale") res.setHeader("Age", String(Math.floor((Date.now() - hit.at) / 1000)));
    res.setHeader("X-Cache", state);
    if (matches(req.get("if-none-match"), String(res.getHeader("ETag")))) {
      for (const h of NOT_ON_304) res.removeHeader(h);
      return res.status(304).end();
    }
    // The kept page's scripts carry the nonce of the response it was made for: this one gets its own.
    const body = withParts(hit.parts, String(res.locals.cspNonce ?? ""));
    res.status(200).setHeader("Content-Length", body.length);
    return req.method === "HEAD" ? res.end() : res.end(body);
  };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      // A signed-in user's write may change what visitors see (a story unpublished, an annotation approved):
      // the kept pages go, in every process — before the answer leaves, so that whatever the user (or a
      // test) asks next is made anew.
      if (hasSession(req)) {
        const end = res.end.bind(res) as End;
        (res as { end: End }).end = (chunk, encoding, cb) => {
          if (res.statusCode < 400) {
            if (database) pagesChanged(database);
            else forget(store);
          }
          return end(chunk, encoding as BufferEncoding, cb);
        };
      }
      return next();
    }
    const key =
      ttl > 0 && !hasSession(req) && isCatalogueRead(req.path)
        ? JSON.stringify([
            process.env.PUBLIC_URL ?? "",
            req.protocol,
            req.get("host") ?? "",
            req.originalUrl,
            req.get("cookie") ?? "",
            req.get("accept") ?? "",
          ])
        : null;
    const hit = fresh(key);
    if (hit) return serveKept(req, res, hit);
    const other = key ? making.get(key) : undefined;
    if (!other) return make(req, res, next, key);
    // Being made again: meanwhile the copy that just expired is served, as stale-while-revalidate lets a
    // shared cache do (a popular page never makes a crowd wait for its renewal).
    const stale = keptWithin(key, STALE_MS);
    if (stale) return serveKept(req, res, stale, "stale");
    // The same page is being made: wait for it (at most FOLLOW_WAIT_MS), then serve it, or make it if it was not kept.
    let timer: NodeJS.Timeout | undefined;
    void Promise.race([other, new Promise<void>((r) => (timer = setTimeout(r, FOLLOW_WAIT_MS)))]).then(() => {
      clearTimeout(timer);
      if (res.destroyed) return;
      const now = fresh(key);
      if (now) serveKept(req, res, now);
      else make(req, res, next, null);
    });
  };

  function make(req: express.Request, res: express.Response, next: express.NextFunction, microKey: string | null) {
    // A change while the page is being made (forget) may have come after its data was read: not kept.
    const generation = store.generation;
    if (microKey) {
      const done = new Promise<void>((resolve) => res.once("close", resolve));
      making.set(microKey, done);
      void done.then(() => {
        if (making.get(microKey) === done) making.delete(microKey);
      });
    }
    const write = res.write.bind(res) as Write;
    const end = res.end.bind(res) as End;
    const chunks: Buffer[] = [];
    let size = 0;
    let streaming = false;
    const headers = () => {
      const cc = defaultCacheControl(res);
      if (cc) res.setHeader("Cache-Control", cc);
      if (/public/.test(String(res.getHeader("Cache-Control") ?? ""))) res.vary("Cookie");
    };
    // past the limit, or not a 200: what was held is sent, and the rest as it comes
    const stream = () => {
      if (streaming) return;
      streaming = true;
      headers();
      for (const c of chunks.splice(0)) write(c);
    };
    const held = () => res.statusCode === 200 || res.statusCode >= 500;
    (res as { write: Write }).write = (chunk, encoding, cb) => {
      if (streaming || !held()) {
        stream();
        return write(chunk, encoding, cb);
      }
      const b = toBuffer(chunk, encoding);
      chunks.push(b);
      size += b.length;
      if (size > ETAG_LIMIT) stream();
      const done = typeof encoding === "function" ? encoding : cb;
      if (done) process.nextTick(done);
      return true;
    };
    (res as { end: End }).end = (chunk, encoding, cb) => {
      const done = typeof encoding === "function" ? encoding : cb;
      const hasChunk = chunk !== undefined && chunk !== null && typeof chunk !== "function";
      if (streaming || !held()) {
        stream();
        return hasChunk ? end(chunk, encoding as BufferEncoding, done) : end(done);
      }
      if (hasChunk) chunks.push(toBuffer(chunk, encoding));
      if (res.statusCode >= 500) {
        // the error page names the request, as the log does
        const id = String(res.locals.requestId ?? "").replace(/[^\w-]/g, "");
        const page = Buffer.concat(chunks)
          .toString("utf8")
          .replace(/(<code[^>]*data-request-id=""[^>]*>)(<\/code>)/, `$1${id}$2`);
        headers();
        res.removeHeader("Content-Length");
        return end(page, done);
      }
      const body = Buffer.concat(chunks);
      headers();
      // The page cut at its nonce, once: the ETag hashes the parts (the same page under another nonce is the
      // same page), and the kept copy is the parts.
      const parts = cutAtNonce(body, String(res.locals.cspNonce ?? ""));
      if (!res.getHeader("ETag")) {
        const hash = crypto.createHash("sha1");
        for (const part of parts) hash.update(part);
        res.setHeader("ETag", `W/"${hash.digest("base64url").slice(0, 27)}"`);
      }
      // Kept whatever this visitor is answered (the page, a 304 or a HEAD's headers): the next ones get it.
      if (
        microKey &&
        body.length &&
        generation === store.generation &&
        !res.getHeader("Set-Cookie") &&
        /public/.test(String(res.getHeader("Cache-Control") ?? ""))
      )
        keep(microKey, {
          at: Date.now(),
          ms: isRandom(req) ? Math.min(ttl, RANDOM_MS) : ttl,
          headers: Object.entries(res.getHeaders()).filter(([k]) => !SKIP_HEADERS.has(k.toLowerCase())) as Kept["headers"],
          parts,
          size: body.length,
        });
      if (req.method === "HEAD") return end(done);
      if (matches(req.get("if-none-match"), String(res.getHeader("ETag")))) {
        res.statusCode = 304;
        for (const h of NOT_ON_304) res.removeHeader(h);
        return end(done);
      }
      if (!res.getHeader("Content-Encoding")) res.setHeader("Content-Length", body.length);
      return end(body, done);
    };
    next();
  }
}
