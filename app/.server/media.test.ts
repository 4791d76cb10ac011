import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { deriveImage, storeFile } from "./media";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "teca-media-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Every file below `root` (relative paths). */
const files = (root: string): string[] =>
  fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));

describe("the media store", () => {
  it("derives the same content twice at once (two media of one import) without either failing or leaving a .tmp", async () => {
    const store = path.join(dir, "store-a");
    const a = path.join(dir, "a.jpg");
    const b = path.join(dir, "b.jpg");
    await sharp({ create: { width: 900, height: 600, channels: 3, background: "#a0522d" } })
      .jpeg()
      .toFile(a);
    fs.copyFileSync(a, b);
    const [x, y] = await Promise.all([deriveImage(a, store), deriveImage(b, store)]);
    expect(x.original).toBe(y.original);
    expect(x.medium).toBe(y.medium);
    for (const rel of [x.original, x.thumbnail, x.medium, x.large]) expect(fs.existsSync(path.join(store, rel!)), rel).toBe(true);
    expect(files(store).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("stores the same document twice at once under one name", async () => {
    const store = path.join(dir, "store-b");
    const doc = path.join(dir, "inventario.xml");
    fs.writeFileSync(doc, "<inventario/>\n");
    const [x, y] = await Promise.all([storeFile(doc, store), storeFile(doc, store), storeFile(doc, store)]);
    expect(new Set([x.original, y.original]).size).toBe(1);
    expect(fs.readFileSync(path.join(store, x.original), "utf8")).toBe("<inventario/>\n");
    expect(files(store).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });
});
