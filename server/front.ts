// The front process of the embedded database (PGlite): `npm start` and `npm run serve` without DATABASE_URL.
// PGlite's WebAssembly runs on the event loop of the process that opened it, so a 100–500 ms statement holds
// every other callback of that process. The front is a small process of its own that listens on the public
// port, answers /healthz from memory (healthy while the app process heartbeats over IPC), proxies every other
// request to the app process over a Unix socket in a private directory, restarts the app when it dies and
// forwards SIGTERM/SIGINT for a clean stop. The app's logs go to the same output, unchanged. Decision 031.
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Logger } from "../app/.server/logger";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Set in the app process's environment: the socket to listen on instead of HOST:PORT. */
export const APP_SOCKET_ENV = "TECA_APP_SOCKET";
/** How often the app process says it is alive (ms). */
export const HEARTBEAT_MS = 500;

/** Messages of the app process to the front. */
export type AppMessage =
  | { type: "ready"; pid: number; database: string }
  | { type: "alive"; requests: { active: number; queued: number; shed: number } };

/** Whether `npm start` / `npm run serve` put the front before the app: on PGlite, unless TECA_FRONT=0. */
export function usesFront(env: NodeJS.ProcessEnv = process.env): boolean {
  return !env.DATABASE_URL && env.TECA_FRONT !== "0";
}

/** Headers of one hop (RFC 9110 §7.6.1): never forwarded, in either direction. */
const HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade", "expect", "http2-settings"]);

/** Headers a `Connection` list may not remove: the body's length and the host. */
const FRAMING = new Set(["content-length", "transfer-encoding", "host"]);

/**
 * The request's headers as the app receives them, in their order and case (Host unchanged): without the
 * hop-by-hop ones; X-Forwarded-For carries the client's address as the front saw it, added to what a trusted
 * proxy before it said (TRUST_PROXY=1), or alone (a client's own X-Forwarded-* are dropped: the app trusts
 * the front's socket, and only one hop more when TRUST_PROXY=1).
 */
export function forwardHeaders(raw: string[], remote: string | undefined, trustProxy: boolean): string[] {
  const named = new Set(HOP);
  // `Connection` may name other hop headers, never the body's framing or Host: dropping Content-Length would
  // send the body unframed on a kept connection, where the app reads it as a second request (smuggling)
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]!.toLowerCase() === "connection")
      for (const n of raw[i + 1]!.split(",")) if (!FRAMING.has(n.trim().toLowerCase())) named.add(n.trim().toLowerCase());
  const out: string[] = [];
  // the front has decoded a chunked body: it goes on chunked again (Node's client then frames every write)
  if (raw.some((h, i) => i % 2 === 0 && h.toLowerCase() === "transfer-encoding")) out.push("Transfer-Encoding", "chunked");
  const forwardedFor: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (named.has(name)) continue;
    if (name === "x-forwarded-for") {
      if (trustProxy) forwardedFor.push(raw[i + 1]!);
      continue;
    }
    if (!trustProxy && (name === "x-forwarded-host" || name === "x-forwarded-proto" || name === "x-forwarded-port" || name === "forwarded")) continue;
    out.push(raw[i]!, raw[i + 1]!);
  }
  if (remote) forwardedFor.push(remote);
  if (forwardedFor.length) out.push("X-Forwarded-For", forwardedFor.join(", "));
  return out;
}

/** The app's response headers for the client: without the hop-by-hop ones (the front's connection has its own). */
export function responseHeaders(raw: string[]): string[] {
  const named = new Set(HOP);
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]!.toLowerCase() === "connection") for (const n of raw[i + 1]!.split(",")) named.add(n.trim().toLowerCase());
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (!named.has(raw[i]!.toLowerCase())) out.push(raw[i]!, raw[i + 1]!);
  return out;
}

export type FrontOptions = {
  port: number;
  host: string;
  logger: Logger;
  /** The app process's module (default: server/index.ts), run with tsx. */
  appEntry?: string;
  /** /healthz answers 503 when the app's last heartbeat is older than this (ms; HEALTH_TIMEOUT_MS, default 5000). */
  healthTimeoutMs?: number;
  env?: NodeJS.ProcessEnv;
};

/**
 * Runs the front: listens on host:port at once (/healthz answers 503 "starting" until the app listens), starts
 * the app process, and proxies. The app failing its first start (no build, the data directory in use…) stops
 * the front with its exit code; an app that dies later is started again (after 1 s, doubling up to 30 s while
 * it keeps dying within a minute). Resolves once the front listens.
 */
export async function runFront(opts: FrontOptions) {
  const env = opts.env ?? process.env;
  const log = opts.logger;
  const trustProxy = env.TRUST_PROXY === "1";
  const timeoutNum = Number(env.HEALTH_TIMEOUT_MS);
  const healthTimeout = opts.healthTimeoutMs ?? (Number.isInteger(timeoutNum) && timeoutNum > 0 ? timeoutNum : 5000);
  // A directory only this user can enter (mkdtemp: mode 0700): nobody else can reach the app's socket, so the
  // app may trust its X-Forwarded-For.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "teca-"));
  const socketPath = path.join(dir, "app.sock");
  const agent = new http.Agent({ keepAlive: true, timeout: 30_000 });

  let child: ChildProcess | null = null;
  let ready = false;
  let everReady = false;
  let stopping = false;
  let appPid = 0;
  let database = "pglite";
  let lastBeat = 0;
  let requests = { active: 0, queued: 0, shed: 0 };
  let restarts = 0;
  let delay = 1000;
  let startedAt = 0;

  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  const execArgv = process.execArgv.some((a) => a === "tsx" || a.includes("/tsx/")) ? process.execArgv : [...process.execArgv, "--import", tsx];

  const start = () => {
    fs.rmSync(socketPath, { force: true });
    ready = false;
    startedAt = Date.now();
    const c = fork(opts.appEntry ?? path.join(root, "server/index.ts"), [], {
      execArgv,
      env: { ...env, [APP_SOCKET_ENV]: socketPath },
      stdio: ["inherit", "inherit", "inherit", "ipc"],
    });
    child = c;
    c.on("message", (m: AppMessage) => {
      if (child !== c) return; // a late word of a process already replaced
      if (m?.type === "ready") {
        ready = everReady = true;
        appPid = m.pid;
        database = m.database;
        lastBeat = Date.now();
      } else if (m?.type === "alive") {
        lastBeat = Date.now();
        requests = m.requests;
      }
    });
    // the IPC channel closes as the process dies: no more requests for it from here on
    c.on("disconnect", () => {
      if (child === c) ready = false;
    });
    c.on("exit", (code, signal) => {
      if (child === c) child = null;
      ready = false;
      if (stopping) return;
      if (!everReady) {
        // its message is above (pino's fatal line)
        cleanup();
        process.exit(code || 1);
      }
      if (code === 0 && !signal) {
        // it stopped cleanly, on a signal someone sent it (`kill <its pid>`, as the lock's message says):
        // an operator's stop, not a crash, so the front stops too rather than starting it again
        log.info({ pid: c.pid }, "front: the app process was stopped; stopping");
        stopping = true;
        server.close();
        server.closeAllConnections();
        agent.destroy();
        cleanup();
        process.exit(0);
      }
      if (Date.now() - startedAt > 60_000) delay = 1000;
      restarts++;
      log.error({ pid: c.pid, code, signal, restartInMs: delay }, "The app process stopped; starting it again");
      const d = delay;
      delay = Math.min(delay * 2, 30_000);
      setTimeout(() => !stopping && start(), d);
    });
  };

  const healthy = () => ready && Date.now() - lastBeat <= healthTimeout;
  const unavailable = (res: http.ServerResponse, why: string) => {
    if (res.headersSent) return void res.destroy();
    res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "2", "Cache-Control": "no-store" });
    res.end(`Service Unavailable: ${why}, try again in a moment`);
  };

  const proxy = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!ready) return unavailable(res, everReady ? "the catalogue is restarting" : "the catalogue is starting");
    const headers = forwardHeaders(req.rawHeaders, req.socket.remoteAddress, trustProxy) as unknown as http.OutgoingHttpHeaders;
    // A request without a body can be sent again if the app could not take it: while its event loop runs a
    // long statement, its socket's queue of connections fills (EAGAIN) — the request then waits here, a
    // little longer each time, up to 10 s (the app's own queue's bound) before a 503.
    const bodyless = (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") && !req.headers["content-length"] && !req.headers["transfer-encoding"];
    const since = Date.now();
    let current: http.ClientRequest | undefined;
    // the visitor left: the app sees its connection close (its load limiter lets the request go)
    res.on("close", () => {
      if (!res.writableFinished) current?.destroy();
    });
    const send = (attempt: number) => {
      const upstream = http.request({ agent, socketPath, method: req.method, path: req.url, headers });
      current = upstream;
      let answered = false;
      upstream.on("response", (up) => {
        answered = true;
        res.writeHead(up.statusCode ?? 502, up.statusMessage, responseHeaders(up.rawHeaders) as unknown as http.OutgoingHttpHeaders);
        up.pipe(res);
        // the app gave up on the response midway (it died): the client sees a cut response, as it would have
        up.on("error", () => res.destroy());
        up.on("aborted", () => res.destroy());
      });
      upstream.on("error", (err: NodeJS.ErrnoException) => {
        if (answered) return void res.destroy();
        if (res.destroyed || res.writableEnded) return;
        const code = err.code ?? "";
        // not delivered: the app's socket refused the connection, or a kept connection had just been closed
        const again = code === "EAGAIN" || (code === "ECONNRESET" && upstream.reusedSocket) || (ready && code === "ECONNREFUSED");
        if (bodyless && again && ready && Date.now() - since < 10_000) {
          const wait = Math.min(20 * 2 ** attempt, 500);
          return void setTimeout(() => !res.destroyed && send(attempt + 1), code === "ECONNRESET" && attempt === 0 ? 0 : wait);
        }
        if (!ready || ["ECONNREFUSED", "ENOENT", "ECONNRESET", "EPIPE", "EAGAIN"].includes(code))
          return unavailable(res, ready ? "too many requests at once" : "the catalogue is restarting");
        log.warn({ err: { message: err.message, code }, method: req.method }, "proxy: the app process did not answer");
        res.writeHead(502, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end("Bad Gateway");
      });
      if (attempt === 0) req.pipe(upstream);
      else upstream.end();
    };
    send(0);
  };

  const server = http.createServer((req, res) => {
    const url = req.url ?? "";
    if ((req.method === "GET" || req.method === "HEAD") && (url === "/healthz" || url.startsWith("/healthz?"))) {
      const ok = healthy();
      const body = JSON.stringify({
        status: ok ? "ok" : !everReady ? "starting" : !ready ? "restarting" : "unresponsive",
        database,
        pid: appPid || undefined,
        front: process.pid,
        heartbeatAgeMs: lastBeat ? Date.now() - lastBeat : undefined,
        restarts,
        requests,
      });
      res.writeHead(ok ? 200 : 503, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Content-Length": Buffer.byteLength(body) });
      return void res.end(req.method === "HEAD" ? undefined : body);
    }
    proxy(req, res);
  });

  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  start();

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "front: stopping the app process");
    server.close();
    server.closeIdleConnections();
    const finish = (code: number) => {
      server.closeAllConnections();
      agent.destroy();
      cleanup();
      process.exit(code);
    };
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return finish(0);
    // The app closes its connections (5 s at most), then the database (its lock released).
    const kill = setTimeout(() => c.kill("SIGKILL"), 20_000);
    c.once("exit", (code) => {
      clearTimeout(kill);
      finish(code ?? 0);
    });
    c.kill(signal === "SIGINT" ? "SIGINT" : "SIGTERM");
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  // (should the front itself die, the app notices its IPC channel close and stops: server/index.ts)
  process.on("exit", cleanup);
  return { server, socketPath, appPid: () => appPid };
}

/** The production start on PGlite (`npm start`, `npm run serve`): the front on PORT/HOST, or a fatal line and exit 1. */
export async function startFront(logger: Logger) {
  const { readEnv } = await import("../app/.server/env");
  const env = readEnv();
  await runFront({ port: env.port, host: env.host, logger }).catch((err) => {
    logger.fatal({ err }, `cannot listen at ${env.host}:${env.port}`);
    process.exit(1);
  });
}
