// `npm run screenshots`: the site at a glance for a reviewer — Playwright screenshots of the public pages
// at 375 and 1440 px in the three languages, written to docs/screenshots/ as compressed WebP (sharp).
// Starts the built server on a fresh demo database (like the end-to-end suite), or uses BASE_URL.
// Options (environment): BASE_URL, SCREENSHOT_DIR (default docs/screenshots), CHROMIUM_PATH, PORT (default 3300).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const out = path.resolve(root, process.env.SCREENSHOT_DIR ?? "docs/screenshots");
const port = Number(process.env.PORT ?? 3300);
const PAGES: [string, string][] = [
  ["home", "/"],
  ["search-list", "/cerca?q=ritratto"],
  ["search-grid", "/cerca?view=auimasonry"],
  ["search-table", "/cerca?view=auitable"],
  ["search-map", "/cerca?view=map"],
  ["search-map-area", "/cerca?view=map&bbox=8.6,45.3,9.6,45.8"],
  ["search-timeline", "/cerca?from=1900&to=1909"],
  ["record", "/oggetti/1"],
  ["record-360", "/oggetti/7"],
  ["collection", "/collezioni/1"],
  ["no-results", "/cerca?q=ritrato&from=1700&to=1750&media=senza_media"],
  ["error", "/pagina-che-non-esiste"],
];
const WIDTHS = [375, 1440];
const LOCALES: [string, string][] = [
  ["it", ""],
  ["en", "/en"],
  ["fr", "/fr"],
];

async function startServer(): Promise<{ base: string; stop: () => void }> {
  if (process.env.BASE_URL) return { base: process.env.BASE_URL.replace(/\/$/, ""), stop: () => {} };
  const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "teca-shots-"));
  const child = spawn(process.execPath, [path.join(root, "scripts/e2e-server.mjs")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  return {
    base,
    stop: () => {
      child.kill("SIGTERM");
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const { base, stop } = await startServer();
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
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
});
let bytes = 0;
try {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: width < 800 ? 812 : 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    // Hermetic: no tile server, the map shows its offline background.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    for (const [locale, prefix] of LOCALES) {
      for (const [name, p] of PAGES) {
        await page.goto(base + prefix + (p === "/" && prefix ? "" : p), { waitUntil: "networkidle" });
        // The map draws after its code, the markers and (offline) the basemap's outlines have loaded.
        if (p.includes("view=map")) await page.locator(".map[data-basemap] .leaflet-marker-icon").first().waitFor({ timeout: 30_000 });
        if (p.includes("view=map")) await page.locator(".map path.map-land").first().waitFor({ state: "attached", timeout: 30_000 });
        await page.waitForTimeout(300);
        const png = await page.screenshot({ fullPage: true });
        // Long pages are cut at 4,000 px and wide ones scaled to 960 px: a reviewer looks at the top of each
        // page, and the whole set stays about 3 MB in the repository.
        const img = sharp(png);
        const meta = await img.metadata();
        const jpg = await sharp(await img.extract({ left: 0, top: 0, width: meta.width!, height: Math.min(meta.height!, 4000) }).toBuffer())
          .resize({ width: Math.min(meta.width!, 960) })
          .webp({ quality: 55, effort: 5 })
          .toBuffer();
        const file = path.join(out, `${name}-${locale}-${width}.webp`);
        fs.writeFileSync(file, jpg);
        bytes += jpg.length;
        console.log(`${path.relative(root, file)} ${(jpg.length / 1024).toFixed(0)} kB`);
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  stop();
}
console.log(
  `${WIDTHS.length * LOCALES.length * PAGES.length} screenshots, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${path.relative(root, out)}`,
);
