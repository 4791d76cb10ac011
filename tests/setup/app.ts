import path from "node:path";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { createApp } from "../../server/app";
import { backgroundSettled } from "../../app/.server/background";
import type { Database } from "../../app/.server/db";
import { logger } from "../../app/.server/logger";
import { buildDir } from "../../server/build-dir";

const root = path.resolve(import.meta.dirname, "../..");

/** Starts the real HTTP app on an ephemeral port over a given database (needs `npm run build`). */
export async function startTestServer(database: Database, mediaDir: string) {
  // Suites sign in without the bot check; tests/integration/bot-check.test.ts turns it on (read per request).
  process.env.BOT_CHECK ??= "off";
  const buildFile = path.join(buildDir, "server/index.js");
  if (!fs.existsSync(buildFile)) throw new Error("Run `npm run build` before the integration tests (npm test does it).");
  const build = (await import(buildFile)) as ServerBuild;
  const app = createApp({
    database,
    build,
    clientDir: path.join(buildDir, "client"),
    publicDir: path.join(root, "public"),
    mediaDir,
    logger,
  });
  const server = app.listen(0, "127.0.0.1");
  // Idle connections stay open longer than any pause between a suite's requests: with Node's 5 s, fetch's pool
  // could reuse a socket the server was closing at that moment, and the next request failed with ECONNRESET
  // (seen in the access matrix on a loaded machine).
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 125_000;
  await new Promise<void>((r) => server.once("listening", () => r()));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    fetch: (p: string, init?: RequestInit) => fetch(base + p, { redirect: "manual", ...init }),
    /** Stops serving, then waits for the work the requests left running (mails, console jobs) before the database may close. */
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await backgroundSettled();
    },
  };
}
