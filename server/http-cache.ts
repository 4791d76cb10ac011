import crypto from "node:crypto";
import type express from "express";
import { registerCache } from "../app/.server/caches";

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
  Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array);

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
 * Pages kept whole in this process for a few seconds, for visitors without a session: the home pages,
 * which every visit starts with (a burst of visitors costs one rendering per locale every few seconds,
 * not one each). An import clears them with the other catalogue caches.
 */
const MICRO_PATHS = new Set(["/", "/en", "/fr"]);
const MICRO_TTL_MS = 5000;
type Kept = { at: number; headers: [string, string | number | string[]][]; body: Buffer; nonce: string };
const kept = new Map<string, Kept>();
registerCache(() => kept.clear());
// (the CSP header is this response's own, with its nonce: server/app.ts sets it before this runs)
const SKIP_HEADERS = new Set(["content-security-policy", "x-request-id", "set-cookie", "content-length", "content-encoding", "transfer-encoding", "date", "connection"]);
const hasSession = (req: express.Request) => /(?:^|;\s*)(?:__Host-)?teca_session=/.test(req.get("cookie") ?? "");

/**
 * Headers a 304 leaves out. A browser updates its stored copy with the headers of a 304: a new CSP header
 * would carry a nonce the stored page's scripts do not have, and the page would run no script — so the
 * stored page keeps the policy it came with.
 */
const NOT_ON_304 = ["Content-Type", "Content-Length", "Content-Encoding", "Transfer-Encoding", "Content-Security-Policy"];

/** The page with every occurrence of one nonce replaced by another (a nonce is 24 random characters). */
export function withNonce(body: Buffer, from: string, to: string): Buffer {
  if (!from || from === to) return body;
  const text = body.toString("utf8");
  return text.includes(from) ? Buffer.from(text.split(from).join(to), "utf8") : body;
}

export function httpCache(): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const microKey = MICRO_PATHS.has(req.path) && !hasSession(req) ? req.originalUrl : null;
    const hit = microKey ? kept.get(microKey) : undefined;
    if (hit && hit.at > Date.now() - MICRO_TTL_MS) {
      for (const [k, v] of hit.headers) res.setHeader(k, v);
      res.setHeader("Age", String(Math.floor((Date.now() - hit.at) / 1000)));
      res.setHeader("X-Cache", "hit");
      if (matches(req.get("if-none-match"), String(res.getHeader("ETag")))) {
        for (const h of NOT_ON_304) res.removeHeader(h);
        return res.status(304).end();
      }
      // The kept page's scripts carry the nonce of the response it was made for: this one gets its own.
      const body = withNonce(hit.body, hit.nonce, String(res.locals.cspNonce ?? ""));
      res.status(200).setHeader("Content-Length", body.length);
      return req.method === "HEAD" ? res.end() : res.end(body);
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
        const page = Buffer.concat(chunks).toString("utf8").replace(/(<code[^>]*data-request-id=""[^>]*>)(<\/code>)/, `$1${id}$2`);
        headers();
        res.removeHeader("Content-Length");
        return end(page, done);
      }
      const body = Buffer.concat(chunks);
      headers();
      if (req.method === "HEAD") return end(done);
      // The same page under another nonce is the same page: the ETag leaves the nonce out.
      const nonce = String(res.locals.cspNonce ?? "");
      if (!res.getHeader("ETag")) res.setHeader("ETag", `W/"${crypto.createHash("sha1").update(withNonce(body, nonce, "")).digest("base64url").slice(0, 27)}"`);
      if (matches(req.get("if-none-match"), String(res.getHeader("ETag")))) {
        res.statusCode = 304;
        for (const h of NOT_ON_304) res.removeHeader(h);
        return end(done);
      }
      if (microKey && !res.getHeader("Set-Cookie") && /public/.test(String(res.getHeader("Cache-Control") ?? "")))
        kept.set(microKey, {
          at: Date.now(),
          headers: Object.entries(res.getHeaders()).filter(([k]) => !SKIP_HEADERS.has(k.toLowerCase())) as Kept["headers"],
          body,
          nonce,
        });
      if (!res.getHeader("Content-Encoding")) res.setHeader("Content-Length", body.length);
      return end(body, done);
    };
    next();
  };
}
