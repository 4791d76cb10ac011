import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildDir } from "../../server/build-dir";

/** Size budget: JavaScript a visitor downloads for a page, all chunks and its UI messages gzipped (needs the build). */
const BUDGET_KB = 200;
const clientDir = path.join(buildDir, "client");
const manifestFile = path.join(clientDir, ".vite/manifest.json");

type Chunk = { file: string; imports?: string[] };

function closure(manifest: Record<string, Chunk>, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const c = manifest[key];
    if (!c || files.has(c.file)) return;
    files.add(c.file);
    for (const i of c.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return files;
}

function gzipKb(files: Iterable<string>) {
  let total = 0;
  for (const f of files) total += zlib.gzipSync(fs.readFileSync(path.join(clientDir, f)), { level: 9 }).length;
  return total / 1024;
}

describe("JavaScript size budget", () => {
  const manifest: Record<string, Chunk> = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
  const key = (suffix: string) => {
    const k = Object.keys(manifest).find((m) => m.startsWith(suffix));
    if (!k) throw new Error(`${suffix} not in the build manifest`);
    return k;
  };
  // React Router's route manifest is loaded by every page too: the one the server build names (assets/ may hold
  // others, of the builds other suites made while this one ran: they are no page's).
  const serverAssets = path.join(buildDir, "server", "assets");
  const serverCode = [path.join(buildDir, "server", "index.js"), ...fs.readdirSync(serverAssets).map((f) => path.join(serverAssets, f))]
    .filter((f) => f.endsWith(".js"))
    .map((f) => fs.readFileSync(f, "utf8"))
    .join("\n");
  const routeManifest = [...new Set([...serverCode.matchAll(/"url":\s*"\/(assets\/manifest-[\w-]+\.js)"/g)].map((m) => m[1]!))];
  if (routeManifest.length !== 1) throw new Error(`expected one route manifest in the server build, found ${routeManifest.length}`);
  const shell = [key("app/entry.client.tsx"), key("app/root.tsx")];
  // The page's UI messages (one language, fetched as JSON: decision 025); the largest catalogue is counted.
  const messages = ["it", "en", "fr"].map((l) => manifest[key(`app/i18n/${l}.json`)]!.file);
  const largestMessages = messages.reduce((a, b) => (gzipKb([a]) >= gzipKb([b]) ? a : b));

  it.each([
    ["home page", "app/features/home/routes/home.tsx"],
    ["record page", "app/features/browse/routes/record.tsx"],
    ["search page", "app/features/browse/routes/search.tsx"],
    ["published story page", "app/features/stories/routes/public-story.tsx"],
  ])(`the %s stays under ${BUDGET_KB} KB gzip`, (name, route) => {
    const files = closure(manifest, [...shell, key(route)]);
    routeManifest.forEach((f) => {
      files.add(f);
    });
    files.add(largestMessages);
    const kb = gzipKb(files);
    console.log(`JS for the ${name}: ${kb.toFixed(1)} KB gzip in ${files.size} files (budget ${BUDGET_KB} KB)`);
    expect(kb).toBeGreaterThan(20); // a real measurement, not an empty set
    expect(kb).toBeLessThanOrEqual(BUDGET_KB);
  });

  // Drag reordering (dnd-kit) and the drawer's carousel (embla) load only where they are used (decision 065).
  const has = (files: Iterable<string>, marker: RegExp) =>
    [...files].filter((f) => marker.test(fs.readFileSync(path.join(clientDir, f), "utf8")));
  const DND = /DndLiveRegion/;
  // (a name of embla's own options that no caller of it passes)
  const EMBLA = /slidesToScroll/;
  it("dnd-kit loads only with the collection page and the story editor, embla only with the collections drawer and the content carousel", () => {
    const visitorPages = ["home/routes/home", "browse/routes/record", "browse/routes/search", "stories/routes/public-story"].map((r) =>
      key(`app/features/${r}.tsx`),
    );
    const visitors = closure(manifest, [...shell, ...visitorPages]);
    expect(has(visitors, DND)).toEqual([]);
    expect(has(visitors, EMBLA)).toEqual([]);
    for (const [name, route] of [
      ["collection page", "app/features/desk/routes/collection.tsx"],
      ["story editor", "app/features/stories/routes/story-editor.tsx"],
    ]) {
      const files = closure(manifest, [...shell, key(route)]);
      expect(has(files, DND).length, name).toBe(1);
      routeManifest.forEach((f) => {
        files.add(f);
      });
      files.add(largestMessages);
      console.log(`JS for the ${name} (signed in): ${gzipKb(files).toFixed(1)} KB gzip in ${files.size} files`);
    }
    const drawer = closure(manifest, [key("app/features/workspace/components/CollectionsPanel.tsx")]);
    expect(has(drawer, EMBLA).length).toBe(1);
    // the content carousel (decision 118): its own chunk, which the home page imports only when it shows one
    const carousel = closure(manifest, [key("app/components/carousel/Carousel.tsx")]);
    expect(has(carousel, EMBLA).length).toBe(1);
    console.log(
      `JS the collections drawer adds when first opened: ${gzipKb([...drawer].filter((f) => !closure(manifest, shell).has(f))).toFixed(1)} KB gzip`,
    );
  });
});
