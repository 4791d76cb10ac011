import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./helpers";

/**
 * A Teca manifest opened in a IIIF viewer no one here wrote (issue 14 §1, decision 054): TIFY, a
 * third-party IIIF Presentation/Image 2–3 viewer (npm `tify`, a devDependency used only here), served
 * from its own dist bundle by a small static server on another origin — as a viewer on someone else's
 * site would be — and pointed at /iiif/manifest/…. It must read the manifest across origins, show its
 * label and pages, and draw the image from our /iiif/3/ level-0 tiles.
 */

const DIST = path.resolve("node_modules/tify/dist");

/** The third-party page: TIFY and nothing of ours but the manifest's address. */
function viewerPage(manifestUrl: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>TIFY</title>
<link rel="stylesheet" href="/tify.css"></head>
<body style="margin:0"><div id="tify" style="height:100vh"></div>
<script type="module">
import Tify from "/tify.js";
new Tify({ container: "#tify", manifestUrl: ${JSON.stringify(manifestUrl)}, language: "en" });
</script></body></html>`;
}

let viewer: http.Server;
let viewerOrigin = "";

test.beforeAll(async () => {
  viewer = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://viewer");
    if (url.pathname === "/") {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(viewerPage(url.searchParams.get("manifest") ?? ""));
      return;
    }
    const file = { "/tify.js": "tify.js", "/tify.css": "tify.css" }[url.pathname];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": file.endsWith(".js") ? "text/javascript" : "text/css" });
    fs.createReadStream(path.join(DIST, file)).pipe(res);
  });
  await new Promise<void>((resolve) => viewer.listen(0, "127.0.0.1", resolve));
  viewerOrigin = `http://127.0.0.1:${(viewer.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => viewer.close(resolve));
});

type Label = Record<string, string[]>;
type Manifest = {
  id: string;
  label: Label;
  items: { id: string; label: Label; items: { items: { body: { service?: { id: string }[] } }[] }[] }[];
};

/** What a viewer set to English shows of a language map. */
const english = (l: Label) => (l.en ?? l.none ?? l.it ?? Object.values(l)[0])![0]!;

/** A public object of the demo whose manifest has two pages or more, labelled, each with an image service, the first two distinct. */
async function manifestWithPages(request: APIRequestContext): Promise<Manifest> {
  const page = await (await request.get("/iiif/collection/search?table=ca_objects&page=1")).json();
  for (const item of page.items as { id: string }[]) {
    const m = (await (await request.get(new URL(item.id).pathname)).json()) as Manifest;
    const services = m.items.map((c) => c.items[0]?.items[0]?.body.service?.[0]?.id);
    if (m.items.length >= 2 && m.items.every((c) => c.label) && services.every(Boolean) && services[0] !== services[1]) return m;
  }
  throw new Error("no public object with two IIIF pages in the demo");
}

test("a Teca manifest opens in a third-party IIIF viewer (TIFY) on another origin: label, pages and our tiles", async ({
  page,
  request,
  baseURL,
}) => {
  const manifest = await manifestWithPages(request);
  const origin = new URL(baseURL!).origin;
  expect(new URL(manifest.id).origin).toBe(origin);
  const service = manifest.items[0]!.items[0]!.items[0]!.body.service![0]!.id;

  const manifestLoaded = page.waitForResponse((r) => r.url() === manifest.id && r.status() === 200);
  const infoLoaded = page.waitForResponse((r) => r.url() === `${service}/info.json` && r.status() === 200);
  // Tiles of the first page, from our level-0 service (the addresses info.json lists), in the viewer's image.
  const tileLoaded = page.waitForResponse(
    (r) => r.url().startsWith(`${service}/`) && /\/0\/default\.jpg$/.test(r.url()) && r.status() === 200,
  );
  const failed: string[] = [];
  page.on("response", (r) => {
    if (r.url().startsWith(origin) && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });

  await page.goto(`${viewerOrigin}/?manifest=${encodeURIComponent(manifest.id)}`);
  const m = await manifestLoaded;
  // The viewer is on another origin: our answer lets it read the manifest.
  expect(m.headers()["access-control-allow-origin"]).toBe("*");
  await infoLoaded;
  const tile = await tileLoaded;
  expect(tile.headers()["content-type"]).toBe("image/jpeg");
  expect(tile.headers()["access-control-allow-origin"]).toBe("*");

  // TIFY shows the manifest's label (English, falling back to what the manifest has) …
  await expect(page.getByText(english(manifest.label), { exact: true }).first()).toBeVisible();
  // … and draws the image: the viewer's drawing area is not blank (the tiles are drawn without CORS mode,
  // so the canvas cannot be read from the page; a screenshot of it can).
  const stage = page.locator("#tify .openseadragon-canvas").first();
  await expect(stage).toBeVisible();
  await expect
    .poll(async () => Math.max(...(await sharp(await stage.screenshot()).stats()).channels.slice(0, 3).map((c) => c.stdev)), {
      timeout: 20_000,
    })
    .toBeGreaterThan(20); // TIFY's empty grey backdrop and toolbar: about 10

  // The pages are the manifest's canvases: the next page loads its own image service.
  const second = manifest.items[1]!.items[0]!.items[0]!.body.service![0]!.id;
  const secondInfo = page.waitForResponse((r) => r.url() === `${second}/info.json` && r.status() === 200);
  await page.getByRole("button", { name: "Next page" }).first().click();
  await secondInfo;
  // TIFY names the page by the canvas's label.
  await expect(page.getByText(`2 · ${english(manifest.items[1]!.label)}`, { exact: true }).first()).toBeVisible();
  expect(failed).toEqual([]);
});
