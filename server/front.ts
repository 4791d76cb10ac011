// The front process: `npm start` and `npm run serve`, on both databases unless TECA_FRONT=0.
// PGlite's WebAssembly runs on the event loop of the process that opened it, so a 100–500 ms statement holds
// every other callback of that process; on PostgreSQL rendering pages keeps the apps' event loops busy. The
// front is a small process of its own that listens on the public port, answers /healthz from memory (healthy
// while an app process heartbeats over IPC), hands every other connection to an app process (the socket itself,
// over IPC: the app serves it to the end), restarts an app when it dies and forwards SIGTERM/SIGINT for a clean
// stop. The apps' logs go to the same output, unchanged. Decision 031.
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Logger } from "../app/.server/logger";
import { bundleDir, root } from "../app/.server/root";

/** Set in the app process's environment: the socket to listen on instead of HOST:PORT. */
export const APP_SOCKET_ENV = "TECA_APP_SOCKET";
/** Set in the app process's environment: its place among the front's apps (1, 2, …). */
export const APP_SLOT_ENV = "TECA_APP_SLOT";
/**
 * The app processes' scheduling priority below the front's (nice, 0–19; APP_NICENESS): by default 10 on PGlite,
 * whose statements hold the app's event loop; 0 on PostgreSQL, whose backends and the apps share the cores at
 * the same priority (at 10 the database took the CPU from the apps: a third of the pages, decision 031).
 */
export const appNiceness = (env: NodeJS.ProcessEnv) => {
  const n = Number(env.APP_NICENESS);
  return env.APP_NICENESS !== undefined && env.APP_NICENESS !== "" && Number.isInteger(n) && n >= 0 && n <= 19
    ? n
    : env.DATABASE_URL
      ? 0
      : 10;
};
/** How often the app process says it is alive (ms). */
export const HEARTBEAT_MS = 500;

/** Messages of the app process to the front. */
export type AppMessage =
  | { type: "ready"; pid: number; database: string }
  | { type: "alive"; requests: { active: number; queued: number; shed: number }; connections?: number };

/** The front's message to an app that hands it a connection (the socket goes with it): the bytes already read. */
export type FrontMessage = { type: "connection"; head: string };

/**
 * Whether `npm start` / `npm run serve` put the front before the app processes: unless TECA_FRONT=0 (then the
 * app alone on PGlite, node:cluster's workers on PostgreSQL). Decision 031.
 */
export function usesFront(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.TECA_FRONT !== "0";
}

/** How many app processes: WEB_CONCURRENCY, else the cores; always one on the embedded database. */
export function workerCount(env: NodeJS.ProcessEnv = process.env): number {
  if (!env.DATABASE_URL) return 1;
  const n = Number(env.WEB_CONCURRENCY);
  return Number.isInteger(n) && n > 0 ? n : os.availableParallelism();
}

/** Stops a socket's handle reading from the kernel (Node's `pause()` only stops the stream emitting); `resume()` reads again. */
function stopReading(socket: net.Socket) {
  const handle = (socket as unknown as { _handle?: { reading?: boolean; readStop?: () => number } })._handle;
  if (handle?.reading && handle.readStop) {
    handle.reading = false;
    handle.readStop();
  }
}

/** A request line the front answers itself (no app is woken for it). */
const HEALTH_LINE = /^(?:GET|HEAD) \/healthz(?:[?\s]|$)/;

/** Headers of one hop (RFC 9110 §7.6.1): never forwarded, in either direction. */
const HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "expect",
  "http2-settings",
]);

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
    if (!trustProxy && (name === "x-forwarded-host" || name === "x-forwarded-proto" || name === "x-forwarded-port" || name === "forwarded"))
      continue;
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

/**
 * In an app process under the front (server/index.ts): serves the connections the front hands over on `server`,
 * as if they had been accepted here. A handed socket is the client's own, not the front's: its request headers
 * are made what the front's proxy would have sent (X-Forwarded-For ends with the client's address; a client's
 * own X-Forwarded-* are dropped unless TRUST_PROXY=1), so the app trusts one hop for both kinds of connection.
 */
export function serveHandedConnections(server: http.Server, trustProxy: boolean) {
  const handed = new Set<net.Socket>();
  let drained: (() => void) | null = null;
  process.on("message", (m: FrontMessage, socket?: net.Socket) => {
    if (m?.type !== "connection" || !socket) return;
    handed.add(socket);
    socket.once("close", () => {
      handed.delete(socket);
      if (!handed.size) drained?.();
    });
    server.emit("connection", socket);
    socket.emit("data", Buffer.from(m.head, "base64"));
    socket.resume();
  });
  server.prependListener("request", (req: http.IncomingMessage) => {
    if (!handed.has(req.socket as net.Socket)) return;
    const h = req.headers;
    const remote = req.socket.remoteAddress;
    const before = trustProxy ? h["x-forwarded-for"] : undefined;
    if (!trustProxy) for (const name of ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"]) delete h[name];
    const list = [before, remote].filter(Boolean).join(", ");
    if (list) h["x-forwarded-for"] = list;
    else delete h["x-forwarded-for"];
  });
  return {
    /** The connections it holds now. */
    count: () => handed.size,
    /** Resolves once every handed connection has closed. */
    drained: () => (handed.size ? new Promise<void>((resolve) => (drained = resolve)) : Promise.resolve()),
  };
}

export type FrontOptions = {
  port: number;
  host: string;
  logger: Logger;
  /** The app process's module (default: the compiled server's app.js, plain Node; from the sources server/index.ts, run with tsx). */
  appEntry?: string;
  /** How many app processes (PostgreSQL: WEB_CONCURRENCY; always 1 on PGlite, one writer per data directory). */
  apps?: number;
  /** /healthz answers 503 when the app's last heartbeat is older than this (ms; HEALTH_TIMEOUT_MS, default 5000). */
  healthTimeoutMs?: number;
  env?: NodeJS.ProcessEnv;
};

/** One app process the front runs, in its slot (its socket, its restarts). */
type Slot = {
  index: number;
  socketPath: string;
  child: ChildProcess | null;
  ready: boolean;
  everReady: boolean;
  pid: number;
  lastBeat: number;
  requests: { active: number; queued: number; shed: number };
  /** Requests the front has passed to it and not yet seen answered. */
  inFlight: number;
  /** Connections it said it holds (heartbeat), and those handed to it since. */
  connections: number;
  handed: number;
  restarts: number;
  delay: number;
  startedAt: number;
};

/**
 * Each app's JavaScript heap limit in MB: APP_HEAP_MB, else 512 for one app and 768 shared by several (at
 * least 256 each), so that the front and two apps stay within 1 GB under load (decision 031).
 */
export function appHeapMB(env: NodeJS.ProcessEnv, apps: number): number {
  const set = Number(env.APP_HEAP_MB);
  if (Number.isInteger(set) && set > 0) return set;
  return apps > 1 ? Math.max(256, Math.floor(768 / apps)) : 512;
}

/** Removes the socket directories (teca-PID-…) of fronts of this user that are no longer running. */
export function removeStaleDirs(tmp: string) {
  let names: string[];
  try {
    names = fs.readdirSync(tmp);
  } catch {
    return;
  }
  const uid = process.getuid?.();
  for (const name of names) {
    const m = /^teca-(\d+)-[A-Za-z0-9]{6}$/.exec(name);
    if (!m) continue;
    const full = path.join(tmp, name);
    try {
      if (uid !== undefined && fs.statSync(full).uid !== uid) continue;
      process.kill(Number(m[1]), 0);
    } catch (err) {
      // ESRCH: no such process (EPERM: a running process of someone else's; a stat error: gone already)
      if ((err as NodeJS.ErrnoException).code === "ESRCH") fs.rmSync(full, { recursive: true, force: true });
    }
  }
}

/**
 * Runs the front: listens on host:port at once (/healthz answers 503 "starting" until an app listens), starts
 * the app processes, and hands each new connection to the ready app with the least to do (ties in turn); the
 * connections it keeps (/healthz first, or no app ready) it serves itself, proxying any other request on them.
 * The first app prepares the database (migrations, demo); the others start once it listens, without the
 * demo step. The first app failing its first start (no build, the data directory in use…) stops the front with
 * its exit code; an app that dies later is started again (after 1 s, doubling up to 30 s while it keeps dying
 * within a minute). Resolves once the front listens.
 */
export async function runFront(opts: FrontOptions) {
  const env = opts.env ?? process.env;
  const log = opts.logger;
  const trustProxy = env.TRUST_PROXY === "1";
  const timeoutNum = Number(env.HEALTH_TIMEOUT_MS);
  const healthTimeout = opts.healthTimeoutMs ?? (Number.isInteger(timeoutNum) && timeoutNum > 0 ? timeoutNum : 5000);
  // A directory only this user can enter (mkdtemp: mode 0700): nobody else can reach the apps' sockets, so the
  // apps may trust their X-Forwarded-For.
  // Its name carries the front's pid: a front that was killed (SIGKILL, no exit handler) leaves one behind,
  // which the next front of this user removes.
  removeStaleDirs(os.tmpdir());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `teca-${process.pid}-`));
  const agent = new http.Agent({ keepAlive: true, timeout: 30_000 });
  const count = Math.max(1, opts.apps ?? 1);
  const slots: Slot[] = Array.from({ length: count }, (_, index) => ({
    index,
    socketPath: path.join(dir, count === 1 ? "app.sock" : `app-${index + 1}.sock`),
    child: null,
    ready: false,
    everReady: false,
    pid: 0,
    lastBeat: 0,
    requests: { active: 0, queued: 0, shed: 0 },
    inFlight: 0,
    connections: 0,
    handed: 0,
    restarts: 0,
    delay: 1000,
    startedAt: 0,
  }));
  let stopping = false;
  let database = env.DATABASE_URL ? "postgres" : "pglite";
  let turn = 0;

  // The compiled front (build/node/serve.js) runs the compiled app (build/node/app.js) with plain Node: tsx's
  // loader thread and esbuild service cost about 50 MB a process. From the sources (tests), server/index.ts
  // through tsx. An explicit appEntry (tests' recording apps) runs as it is, with tsx when the front has it.
  const appEntry = opts.appEntry ?? (bundleDir ? path.join(bundleDir, "app.js") : path.join(root, "server/index.ts"));
  const hasTsx = process.execArgv.some((a) => a === "tsx" || a.includes("/tsx/"));
  const needsTsx = /\.tsx?$/.test(appEntry) && !hasTsx;
  const baseArgv = needsTsx
    ? [...process.execArgv, "--import", pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href]
    : process.execArgv;
  // The app's JavaScript heap is bounded (APP_HEAP_MB, default appHeapMB), unless NODE_OPTIONS says otherwise: V8
  // otherwise lets it grow with the allocation rate of rendering under load, far past what it keeps.
  const heapSet = [...baseArgv, env.NODE_OPTIONS ?? ""].some((a) => a.includes("max-old-space-size"));
  const execArgv = heapSet ? baseArgv : [...baseArgv, `--max-old-space-size=${appHeapMB(env, count)}`];

  /** The first app could not start: nothing else runs yet (the others wait for it). */
  const giveUp = (code: number) => {
    stopping = true;
    listener.close();
    server.closeAllConnections();
    agent.destroy();
    cleanup();
    process.exit(code);
  };

  const start = (slot: Slot) => {
    fs.rmSync(slot.socketPath, { force: true });
    slot.ready = false;
    slot.startedAt = Date.now();
    // only the first app loads the demo (the others start once it listens: the catalogue is there)
    const c = fork(appEntry, [], {
      execArgv,
      // (glibc's malloc otherwise keeps an arena per thread that allocated, 8 per core: with the thread pool's
      // compression and crypto work, tens of MB per app; MALLOC_ARENA_MAX=2 measured 1,012 against 1,070 MB
      // peak for two apps under the load bench, same throughput)
      env: {
        MALLOC_ARENA_MAX: "2",
        ...env,
        [APP_SOCKET_ENV]: slot.socketPath,
        [APP_SLOT_ENV]: String(slot.index + 1),
        ...(slot.index > 0 ? { TECA_DEMO: "0" } : {}),
      },
      stdio: ["inherit", "inherit", "inherit", "ipc"],
    });
    slot.child = c;
    // The front answers /healthz and passes every request on: it must get the CPU when it asks for it, also
    // while the apps render and query flat out on a machine with few cores (decision 031).
    if (c.pid) {
      try {
        os.setPriority(c.pid, appNiceness(env));
      } catch {
        // not allowed here: both at the same priority
      }
    }
    c.on("message", (m: AppMessage) => {
      if (slot.child !== c) return; // a late word of a process already replaced
      if (m?.type === "ready") {
        const first = !slots.some((s) => s.everReady);
        slot.ready = slot.everReady = true;
        slot.pid = m.pid;
        database = m.database;
        slot.lastBeat = Date.now();
        // the first app has prepared the database: the others start now
        if (first) for (const s of slots) if (s !== slot && !s.child) start(s);
      } else if (m?.type === "alive") {
        slot.lastBeat = Date.now();
        slot.requests = m.requests;
        slot.connections = m.connections ?? 0;
        slot.handed = 0;
      }
    });
    // the IPC channel closes as the process dies: no more requests for it from here on
    c.on("disconnect", () => {
      if (slot.child === c) slot.ready = false;
    });
    c.on("exit", (code, signal) => {
      if (slot.child === c) slot.child = null;
      slot.ready = false;
      slot.connections = slot.handed = 0;
      if (stopping) return;
      if (!slot.everReady && !slots.some((s) => s.everReady)) {
        // the first start failed: its message is above (pino's fatal line)
        return giveUp(code || 1);
      }
      if (code === 0 && !signal) {
        // it stopped cleanly, on a signal someone sent it (`kill <its pid>`, as the lock's message says):
        // an operator's stop, not a crash, so the front stops too rather than starting it again
        log.info({ pid: c.pid }, "front: the app process was stopped; stopping");
        return stop("SIGTERM");
      }
      if (Date.now() - slot.startedAt > 60_000) slot.delay = 1000;
      slot.restarts++;
      log.error({ pid: c.pid, code, signal, restartInMs: slot.delay }, "The app process stopped; starting it again");
      const d = slot.delay;
      slot.delay = Math.min(slot.delay * 2, 30_000);
      setTimeout(() => !stopping && start(slot), d);
    });
  };

  const healthyApp = (s: Slot) => s.ready && Date.now() - s.lastBeat <= healthTimeout;
  /** What an app has to do: the requests the front proxies to it, the connections it holds and was handed. */
  const load = (s: Slot) => s.inFlight + s.connections + s.handed;
  /** The ready app with the least to do; among equals, each in turn. */
  const pick = (): Slot | undefined => {
    let best: Slot | undefined;
    for (let i = 0; i < count; i++) {
      const s = slots[(turn + i) % count]!;
      if (s.ready && (!best || load(s) < load(best))) best = s;
    }
    if (best) turn = (best.index + 1) % count;
    return best;
  };
  const anyReady = () => slots.some((s) => s.ready);
  const everReady = () => slots.some((s) => s.everReady);
  const unavailable = (res: http.ServerResponse, why: string) => {
    if (res.headersSent) return void res.destroy();
    res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "2", "Cache-Control": "no-store" });
    res.end(`Service Unavailable: ${why}, try again in a moment`);
  };

  const proxy = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!anyReady()) return unavailable(res, everReady() ? "the catalogue is restarting" : "the catalogue is starting");
    const headers = forwardHeaders(req.rawHeaders, req.socket.remoteAddress, trustProxy) as unknown as http.OutgoingHttpHeaders;
    // A request without a body can be sent again if the app could not take it: while its event loop runs a
    // long statement, its socket's queue of connections fills (EAGAIN) — the request then waits here, a
    // little longer each time, up to 10 s (the app's own queue's bound) before a 503.
    const bodyless =
      (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") &&
      !req.headers["content-length"] &&
      !req.headers["transfer-encoding"];
    const since = Date.now();
    let current: http.ClientRequest | undefined;
    // the visitor left: the app sees its connection close (its load limiter lets the request go)
    res.on("close", () => {
      if (!res.writableFinished) current?.destroy();
    });
    const send = (attempt: number) => {
      const slot = pick();
      if (!slot) return unavailable(res, "the catalogue is restarting");
      const upstream = http.request({ agent, socketPath: slot.socketPath, method: req.method, path: req.url, headers });
      current = upstream;
      slot.inFlight++;
      let counted = true;
      const done = () => {
        if (counted) slot.inFlight--;
        counted = false;
      };
      upstream.on("close", done);
      let answered = false;
      upstream.on("response", (up) => {
        answered = true;
        res.writeHead(up.statusCode ?? 502, up.statusMessage, responseHeaders(up.rawHeaders) as unknown as http.OutgoingHttpHeaders);
        up.pipe(res);
        up.on("end", done);
        // the app gave up on the response midway (it died): the client sees a cut response, as it would have
        up.on("error", () => res.destroy());
        up.on("aborted", () => res.destroy());
      });
      upstream.on("error", (err: NodeJS.ErrnoException) => {
        done();
        if (answered) return void res.destroy();
        if (res.destroyed || res.writableEnded) return;
        const code = err.code ?? "";
        // not delivered: the app's socket refused the connection, or a kept connection had just been closed
        const again = code === "EAGAIN" || (code === "ECONNRESET" && upstream.reusedSocket) || (anyReady() && code === "ECONNREFUSED");
        if (bodyless && again && anyReady() && Date.now() - since < 10_000) {
          const wait = Math.min(20 * 2 ** attempt, 500);
          return void setTimeout(() => !res.destroyed && send(attempt + 1), code === "ECONNRESET" && attempt === 0 ? 0 : wait);
        }
        if (!anyReady() || ["ECONNREFUSED", "ENOENT", "ECONNRESET", "EPIPE", "EAGAIN"].includes(code))
          return unavailable(res, anyReady() ? "too many requests at once" : "the catalogue is restarting");
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
      // healthy while one app is: the front sends every request to the apps that are
      const ok = slots.some(healthyApp);
      const now = Date.now();
      const stateOf = (s: Slot) => (healthyApp(s) ? "ok" : !s.everReady ? "starting" : !s.ready ? "restarting" : "unresponsive");
      const first = slots.find(healthyApp) ?? slots[0]!;
      const sum = (k: "active" | "queued" | "shed") => slots.reduce((n, s) => n + s.requests[k], 0);
      const body = JSON.stringify({
        status: ok ? "ok" : !everReady() ? "starting" : !anyReady() ? "restarting" : "unresponsive",
        database,
        pid: first.pid || undefined,
        front: process.pid,
        heartbeatAgeMs: first.lastBeat ? now - first.lastBeat : undefined,
        restarts: slots.reduce((n, s) => n + s.restarts, 0),
        requests: { active: sum("active"), queued: sum("queued"), shed: sum("shed") },
        apps: slots.map((s) => ({
          pid: s.pid || undefined,
          status: stateOf(s),
          heartbeatAgeMs: s.lastBeat ? now - s.lastBeat : undefined,
          restarts: s.restarts,
          requests: s.requests,
        })),
      });
      res.writeHead(ok ? 200 : 503, {
        "Content-Type": "application/json; charset=utf-8",
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
        "Content-Length": Buffer.byteLength(body),
      });
      return void res.end(req.method === "HEAD" ? undefined : body);
    }
    proxy(req, res);
  });

  // Connections are the apps' own: the front reads a new connection's first line and, unless it asks for
  // /healthz or no app is ready, hands the socket with the bytes read to the app with the least to do (IPC), which
  // serves it to the end — no request of a visitor passes through the front, which stays free to answer
  // /healthz at once. A connection the front keeps is served by its own server (/healthz, and a proxy for
  // anything else). Decision 031.
  const keep = (socket: net.Socket, head: Buffer) => {
    server.emit("connection", socket);
    socket.emit("data", head);
    socket.resume();
  };
  const listener = net.createServer({ noDelay: true }, (socket) => {
    let head: Buffer = Buffer.alloc(0);
    // a client that sends no line within the time an HTTP server waits for its headers is let go
    const timer = setTimeout(() => socket.destroy(), server.headersTimeout);
    const failed = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const onData = (chunk: Buffer) => {
      head = head.length ? Buffer.concat([head, chunk]) : chunk;
      const eol = head.indexOf("\n");
      if (eol < 0 && head.length < 8192) return;
      clearTimeout(timer);
      socket.off("data", onData);
      socket.off("error", failed);
      // Not one byte more is read here: what follows stays in the kernel's buffer for whoever serves the
      // connection (a paused socket would go on reading into its own buffer, and a handle sent away drops it).
      socket.pause();
      stopReading(socket);
      const line = head.subarray(0, eol < 0 ? head.length : eol).toString("latin1");
      const slot = HEALTH_LINE.test(line) ? undefined : pick();
      if (!slot?.child?.connected) return keep(socket, head);
      slot.handed++;
      const message: FrontMessage = { type: "connection", head: head.toString("base64") };
      slot.child.send(message, socket, (err) => {
        if (!err) return;
        // not handed (the app went away meanwhile): the front serves it
        slot.handed = Math.max(0, slot.handed - 1);
        if (!socket.destroyed) keep(socket, head);
      });
    };
    socket.on("data", onData);
    socket.on("error", failed);
    // (a client that leaves before its first line leaves no timer behind)
    socket.once("close", () => clearTimeout(timer));
  });
  listener.on("error", (err) => log.warn({ err }, "front: a connection could not be taken"));

  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });

  await new Promise<void>((resolve, reject) => {
    listener.once("error", reject);
    listener.listen(opts.port, opts.host, () => {
      listener.off("error", reject);
      resolve();
    });
  });
  start(slots[0]!);

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "front: stopping the app process");
    listener.close();
    server.closeIdleConnections();
    const finish = (code: number) => {
      server.closeAllConnections();
      agent.destroy();
      cleanup();
      process.exit(code);
    };
    const running = slots.map((s) => s.child).filter((c): c is ChildProcess => !!c && c.exitCode === null && c.signalCode === null);
    if (!running.length) return finish(0);
    // Each app closes its connections (5 s at most), then the database (a lock released); the front exits with
    // the first non-zero code, else 0.
    let left = running.length;
    let exitCode = 0;
    for (const c of running) {
      const kill = setTimeout(() => c.kill("SIGKILL"), 20_000);
      c.once("exit", (code) => {
        clearTimeout(kill);
        exitCode ||= code ?? 0;
        if (--left === 0) finish(exitCode);
      });
      c.kill(signal === "SIGINT" ? "SIGINT" : "SIGTERM");
    }
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  // (should the front itself die, the app notices its IPC channel close and stops: server/index.ts)
  process.on("exit", cleanup);
  return { server: listener, appPids: () => slots.map((s) => s.pid) };
}

/** The production start (`npm start`, `npm run serve`): the front on PORT/HOST before its apps, or a fatal line and exit 1. */
export async function startFront(logger: Logger) {
  const { readEnv } = await import("../app/.server/env");
  const env = readEnv();
  const apps = workerCount();
  if (apps > 1) logger.info({ apps }, `Teca: ${apps} app processes on PostgreSQL (WEB_CONCURRENCY) behind the front`);
  await runFront({ port: env.port, host: env.host, logger, apps }).catch((err) => {
    logger.fatal({ err }, `cannot listen at ${env.host}:${env.port}`);
    process.exit(1);
  });
}
