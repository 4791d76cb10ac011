import type express from "express";
import { UNAVAILABLE_HEADER } from "../app/.server/errors";

/**
 * Guards in front of the pages: what HTTP says to answer for methods the site
 * does not serve and for Host headers it must not trust, and a bound on how
 * many requests do database work at once (the rest wait in a short queue, or
 * are told to come back: 503 with Retry-After). Decision 030.
 */

/** Methods the site answers. OPTIONS answers with them (CORS preflights of open-data clients). */
const SERVED = ["GET", "HEAD", "POST", "OPTIONS"];
/** Methods HTTP defines that the site does not serve: 405 with Allow. Anything else: 501. */
const KNOWN = ["PUT", "DELETE", "PATCH", "TRACE", "CONNECT"];

export function methodGuard(): express.RequestHandler {
  return (req, res, next) => {
    if (SERVED.includes(req.method)) {
      if (req.method !== "OPTIONS") return next();
      return res.set("Allow", SERVED.join(", ")).status(204).end();
    }
    res.set("Allow", SERVED.join(", "));
    const status = KNOWN.includes(req.method) ? 405 : 501;
    res
      .status(status)
      .type("text/plain")
      .send(status === 405 ? "Method Not Allowed" : "Not Implemented");
  };
}

/** A Host header as RFC 9110 allows it: a name or an address, and an optional port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export const DEFAULT_ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]", "::1"];

/** The hosts of ALLOWED_HOSTS (comma-separated, each may carry a port; "*" trusts any), or the local ones. */
export function allowedHostsOf(value: string | undefined): string[] | "*" {
  const list = (value ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (list.includes("*")) return "*";
  return list.length ? list : DEFAULT_ALLOWED_HOSTS;
}

/** A Host header's name (lower case, without a final dot) and port ("" when it names none). */
function splitHost(host: string): { name: string; port: string } {
  const m = /^(.*?)(?::(\d+))?$/.exec(host.toLowerCase())!;
  return { name: m[1]!.replace(/\.$/, ""), port: m[2] ?? "" };
}

/**
 * The origin links in mail may carry (a reset link; issue 29 §8): PUBLIC_URL when set. Without it the
 * request's own, only when its host is in ALLOWED_HOSTS and so is its port: the port the request arrived on
 * or none (the protocol's own: a proxy in front), or one an entry names with the host ("host:8080"). Else
 * null — no link is mailed: `Host: localhost:31337` must not send a user's reset token to port 31337. With
 * ALLOWED_HOSTS "*" nothing but PUBLIC_URL is trusted for mail.
 */
export function mailLinkOrigin(opts: {
  publicUrl?: string;
  allowedHosts: string[] | "*";
  protocol: string;
  host: string;
  arrivedOnPort?: number;
}): string | null {
  if (opts.publicUrl) return opts.publicUrl.replace(/\/$/, "");
  if (opts.allowedHosts === "*" || !HOST.test(opts.host)) return null;
  const { name, port } = splitHost(opts.host);
  const listed = new Set(opts.allowedHosts);
  const ok = port ? listed.has(`${name}:${port}`) || (listed.has(name) && Number(port) === opts.arrivedOnPort) : listed.has(name);
  return ok ? `${opts.protocol}://${opts.host.toLowerCase()}` : null;
}

/**
 * 400 for a malformed Host (and X-Forwarded-Host behind a trusted proxy). Pages
 * build absolute URLs (canonical, og:image, alternates) from PUBLIC_URL when it
 * is set, whatever the Host; without it, from the Host, so only the hosts of
 * ALLOWED_HOSTS are served: a forged Host never reaches a page or a cache.
 */
export function hostGuard(opts: { publicUrl?: string; allowedHosts: string[] | "*" }): express.RequestHandler {
  const allowed = new Set(opts.allowedHosts === "*" ? [] : opts.allowedHosts);
  return (req, res, next) => {
    const raw = req.get("host") ?? "";
    const forwarded = req.app.enabled("trust proxy") ? req.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
    const host = forwarded || raw;
    if (!HOST.test(raw) || (forwarded !== undefined && !HOST.test(forwarded)))
      return res.status(400).type("text/plain").send("Bad Request: malformed Host header");
    if (opts.publicUrl || opts.allowedHosts === "*") return next();
    const { name, port } = splitHost(host);
    // An entry without a port serves the host on any port; "host:port" only on that one.
    if (allowed.has(name) || (port && allowed.has(`${name}:${port}`))) return next();
    res.status(400).type("text/plain").send(`Bad Request: host ${name} is not served here (set PUBLIC_URL or ALLOWED_HOSTS)`);
  };
}

export type LoadLimit = {
  /** Requests doing database work at once. */
  active: number;
  /** Requests waiting for a turn; one more is answered 503. */
  queue: number;
  /** How long a request may wait for its turn before it is answered 503 (ms). */
  wait: number;
};

/**
 * At most `active` requests in the handler at once; up to `queue` more wait
 * (first come, first served) for at most `wait` ms; the others are answered
 * 503 with Retry-After at once, so that an overload costs those visitors a
 * retry instead of costing everyone a timeout. `stats()` is what /healthz shows.
 */
export function loadLimiter(limit: LoadLimit) {
  let active = 0;
  let shed = 0;
  const waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];
  const release = () => {
    active--;
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
    }
  };
  const busy = (res: express.Response) => {
    shed++;
    res
      .status(503)
      .set("Retry-After", "2")
      .set("Cache-Control", "no-store")
      .type("text/plain")
      .send("Service Unavailable: too many requests at once, try again in a moment");
  };
  const middleware: express.RequestHandler = (req, res, next) => {
    // a connection may be gone before its request reaches here: then no "close" is coming
    const gone = () => res.writableFinished || res.destroyed || req.socket.destroyed;
    if (gone()) return;
    const start = () => {
      active++;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        release();
      };
      res.once("finish", finish);
      res.once("close", finish);
      if (gone()) return finish();
      next();
    };
    if (active < limit.active) return start();
    if (waiting.length >= limit.queue) return busy(res);
    const entry = {
      start,
      timer: setTimeout(() => {
        const i = waiting.indexOf(entry);
        if (i >= 0) waiting.splice(i, 1);
        busy(res);
      }, limit.wait),
    };
    // a visitor who gave up waiting leaves the queue
    const leave = () => {
      const i = waiting.indexOf(entry);
      if (i >= 0) {
        waiting.splice(i, 1);
        clearTimeout(entry.timer);
      }
    };
    res.once("close", leave);
    req.socket.once("close", leave);
    waiting.push(entry);
  };
  return { middleware, stats: () => ({ active, queued: waiting.length, shed }) };
}

/** The limits from the environment (MAX_ACTIVE_REQUESTS, MAX_QUEUED_REQUESTS, QUEUE_WAIT_MS), by database kind. */
export function loadLimitOf(env: NodeJS.ProcessEnv, kind: "pglite" | "postgres"): LoadLimit {
  const num = (v: string | undefined, d: number) => (v && Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : d);
  // PGlite runs one statement at a time: a few requests in flight keep it busy. On PostgreSQL a search uses
  // two connections at once (page; count and facets), so half the pool.
  const pool = num(env.DATABASE_POOL_SIZE, 10);
  return {
    active: num(env.MAX_ACTIVE_REQUESTS, kind === "pglite" ? 4 : Math.max(2, Math.ceil(pool / 2))),
    queue: num(env.MAX_QUEUED_REQUESTS, 256),
    wait: num(env.QUEUE_WAIT_MS, 10_000),
  };
}

/**
 * Fails fast while the database is down (a PostgreSQL restart, a failover): after a server error, the
 * database is asked (`ping`, bounded); if it does not answer, page and API requests are answered 503 with
 * Retry-After at once — instead of each waiting for a connection that will not come — and it is asked
 * again every `intervalMs` until it answers, when requests go through again. The app is never restarted.
 */
export function databaseGuard(ping: () => Promise<boolean>, opts: { intervalMs?: number; timeoutMs?: number } = {}) {
  const interval = opts.intervalMs ?? 1000;
  const timeout = opts.timeoutMs ?? 2000;
  let down = false;
  let checking = false;
  const ask = () => Promise.race([ping().catch(() => false), new Promise<boolean>((r) => setTimeout(() => r(false), timeout).unref())]);
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      while (!(await ask())) {
        down = true;
        await new Promise((r) => setTimeout(r, interval).unref());
      }
      down = false;
    } finally {
      checking = false;
    }
  };
  const middleware: express.RequestHandler = (_req, res, next) => {
    if (down) {
      res
        .status(503)
        .set("Retry-After", String(Math.ceil(interval / 1000) * 5))
        .set("Cache-Control", "no-store")
        .type("text/plain")
        .send("Service Unavailable: the catalogue's database is not answering; try again in a moment");
      return;
    }
    res.once("finish", () => {
      // A failure, or a 503 that says the database did not answer (not the load limiter's): ask the database.
      if (res.statusCode >= 500 && (res.statusCode !== 503 || res.getHeader(UNAVAILABLE_HEADER) === "unavailable")) void check();
    });
    next();
  };
  return { middleware, isDown: () => down, check };
}
