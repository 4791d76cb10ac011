import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = process.env.E2E_DATA_DIR ?? "./data-e2e";

/** End-to-end tests drive Debian's Chromium against the real server on the demo archive. */
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Four browsers on two cores: a test mostly waits (for the server, a navigation, an animation, a poll), so
  // four keep the cores busier than two did (issue 30 §5: the suite took 14 min with two, under 10 with four
  // on the same loaded machine, every test passing at its first try). Any two specs may run at once: one that
  // writes has an account of its own (scripts/e2e-seed.ts), and one that changes what every page shows (the
  // settings, the site edited in place) restores it.
  workers: 4,
  // One more try for a test that fails: the suite shares two cores with a browser per worker and the server,
  // and a timing slip there must not sink a CI run. A test that passes only on its second try is listed as
  // "flaky" in the summary: find why (two were races in the app, not in the test), do not leave it.
  retries: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 480_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR, DATABASE_URL: "", LOG_LEVEL: "warn" },
  },
});
