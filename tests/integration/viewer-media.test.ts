import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { importFile, validateInterchangeFile } from "../../app/features/catalogue/import.server";
import { glb, MODEL_MAX_BYTES, PANORAMA_WIDTH, readGlb } from "../../app/.server/media-kinds";
import { vaseGlb } from "../../app/features/demo/generate/viewers";
import { testDatabases } from "../setup/db";
import { startTestServer } from "../setup/app";
import { makeImage, makeRecord, tempDir, writeNdjson } from "../factories/records";

/**
 * Panoramas and 3D models (issue 33 §2–§4, decision 106): the importer checks them by their content (an
 * image twice as wide as high; a glTF 2.0 model, GLB by its magic bytes, under the size limit) and says why it
 * refuses one; what it keeps is stored like images and follows the same access rules.
 */
for (const target of testDatabases()) {
  describe(`panoramas and models on ${target.name}`, () => {
    let db: Awaited<ReturnType<typeof target.open>>;
    let server: Awaited<ReturnType<typeof startTestServer>>;
    const dir = tempDir();
    const store = path.join(dir, "store");

    const filesOf = async (recordId: string) => {
      const rows = await db.rows<{ media_type: string; original: string; thumbnail: string; medium: string; large: string }>(sql`
        select m.media_type, m.original, m.thumbnail, m.medium, m.large from media m join records r on r.uid = m.record_uid
        where r.id = ${recordId} order by m.ord`);
      return rows;
    };
    const urls = (rows: { original: string; thumbnail: string; medium: string; large: string }[]) => [
      ...new Set(rows.flatMap((r) => [r.original, r.thumbnail, r.medium, r.large]).map((p) => `/media/${p.split(path.sep).join("/")}`)),
    ];

    beforeAll(async () => {
      db = await target.open();
      await makeImage(dir, "room.jpg", 6000, 3000, "#8899aa");
      await makeImage(dir, "room-private.jpg", 2000, 1000, "#445566");
      await makeImage(dir, "photo.jpg", 1600, 900);
      await makeImage(dir, "poster.jpg", 900, 900, "#aa8866");
      fs.writeFileSync(path.join(dir, "vase.glb"), vaseGlb());
      // A self-contained glTF JSON: one triangle, its buffer as a data: URI.
      const tri = Buffer.from(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]).buffer);
      fs.writeFileSync(
        path.join(dir, "triangle.gltf"),
        JSON.stringify({
          asset: { version: "2.0" },
          scenes: [{ nodes: [0] }],
          nodes: [{ mesh: 0 }],
          meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
          accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: "VEC3", min: [0, 0, 0], max: [1, 1, 0] }],
          bufferViews: [{ buffer: 0, byteLength: 36 }],
          buffers: [{ byteLength: 36, uri: `data:application/octet-stream;base64,${tri.toString("base64")}` }],
        }),
      );
      const res = await importFile(
        { database: db },
        writeNdjson(dir, [
          makeRecord({
            id: "pano",
            texts: { it: { label: "Sala" } },
            media: [
              { type: "panorama", file: "room.jpg" },
              { type: "panorama", file: "room-private.jpg", restricted: true },
            ],
          }),
          makeRecord({ id: "vase", texts: { it: { label: "Vaso" } }, media: [{ type: "model", file: "vase.glb" }] }),
          makeRecord({
            id: "tri",
            texts: { it: { label: "Triangolo" } },
            media: [{ type: "model", file: "triangle.gltf", poster: "poster.jpg" }],
          }),
          makeRecord({
            id: "res",
            access: 2,
            texts: { it: { label: "Riservato" } },
            media: [
              { type: "panorama", file: "room-private.jpg" },
              { type: "model", file: "triangle.gltf" },
            ],
          }),
        ]),
        { mediaDir: dir, mediaStore: store },
      );
      expect(res.rejected).toEqual([]);
      server = await startTestServer(db, store);
    });
    afterAll(async () => {
      await server?.close();
      await db.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it("refuses, before writing anything, a panorama that is not 2:1 or not an image, and a model that is not glTF or too big", async () => {
      fs.writeFileSync(path.join(dir, "notes.jpg"), "these are not pixels");
      fs.writeFileSync(path.join(dir, "fake.glb"), "PK\u0003\u0004 a zip file named .glb");
      fs.writeFileSync(path.join(dir, "v1.glb"), Buffer.concat([Buffer.from("glTF"), Buffer.from([1, 0, 0, 0]), Buffer.alloc(12)]));
      const draco = glb({ asset: { version: "2.0" }, extensionsRequired: ["KHR_draco_mesh_compression"] }, Buffer.alloc(0));
      fs.writeFileSync(path.join(dir, "draco.glb"), draco);
      fs.writeFileSync(
        path.join(dir, "outside.gltf"),
        JSON.stringify({ asset: { version: "2.0" }, buffers: [{ uri: "mesh.bin", byteLength: 4 }] }),
      );
      // Bigger than the limit: a real GLB header, then nothing (a sparse file, no disk written).
      const big = path.join(dir, "big.glb");
      fs.writeFileSync(big, vaseGlb());
      fs.truncateSync(big, MODEL_MAX_BYTES + 1);
      const lines = [
        makeRecord({ id: "a", media: [{ type: "panorama", file: "photo.jpg" }] }),
        makeRecord({ id: "b", media: [{ type: "panorama", file: "notes.jpg" }] }),
        makeRecord({ id: "c", media: [{ type: "model", file: "fake.glb" }] }),
        makeRecord({ id: "d", media: [{ type: "model", file: "big.glb" }] }),
        makeRecord({ id: "e", media: [{ type: "model", file: "v1.glb" }] }),
        makeRecord({ id: "f", media: [{ type: "model", file: "draco.glb" }] }),
        makeRecord({ id: "g", media: [{ type: "model", file: "outside.gltf" }] }),
        makeRecord({ id: "h", media: [{ type: "model", url: "https://example.org/vase.glb" }] }),
        makeRecord({ id: "i", media: [{ type: "image", file: "photo.jpg", poster: "poster.jpg" }] }),
        makeRecord({ id: "j", media: [{ type: "model", file: "vase.glb", poster: "missing.jpg" }] }),
      ];
      const { rejected } = await validateInterchangeFile(writeNdjson(dir, lines, "bad.ndjson"), dir);
      const reasons = Object.fromEntries(rejected.map((r) => [r.line, r.reason]));
      expect(reasons[1]).toBe(
        "media.0 (photo.jpg): panorama: an equirectangular image is twice as wide as it is high, this one is 1600 × 900",
      );
      expect(reasons[2]).toBe("media.0 (notes.jpg): panorama: not an image (JPEG, PNG, WebP or TIFF)");
      expect(reasons[3]).toBe("media.0 (fake.glb): model: not a glTF model (neither GLB, which begins with glTF, nor glTF JSON)");
      expect(reasons[4]).toBe("media.0 (big.glb): model: 64.0 MB, more than the 64 MB limit");
      expect(reasons[5]).toMatch(/^media\.0 \(v1\.glb\): model: GLB /);
      expect(reasons[6]).toBe("media.0 (draco.glb): model: needs KHR_draco_mesh_compression, which the viewer cannot decode");
      expect(reasons[7]).toBe("media.0 (outside.gltf): model: glTF refers to a file beside it (mesh.bin): give it packed as one .glb");
      expect(reasons[8]).toBe("media.0: a panorama or model is a file, not a url");
      expect(reasons[9]).toBe("media.0: poster is for a model");
      expect(reasons[10]).toBe(`media file not found: ${path.join(dir, "missing.jpg")}`);
      expect(rejected).toHaveLength(lines.length);
      const res = await importFile({ database: db }, writeNdjson(dir, lines, "bad.ndjson"), { mediaDir: dir, mediaStore: store });
      expect(res.imported).toBe(0);
      expect((await db.rows<{ n: number }>(sql`select count(*)::int as n from records where id in ('a', 'b', 'c')`))[0]!.n).toBe(0);
    });

    it("stores a panorama like an image, its large derivative wide enough for the viewer", async () => {
      const [pano] = await filesOf("pano");
      expect(pano!.media_type).toBe("panorama");
      const large = await sharp(path.join(store, pano!.large)).metadata();
      expect([large.width, large.height]).toEqual([PANORAMA_WIDTH, PANORAMA_WIDTH / 2]);
      expect((await sharp(path.join(store, pano!.thumbnail)).metadata()).width).toBe(400);
    });

    it("stores a model as one GLB with a poster: drawn from the model, or the one given; a glTF JSON is packed", async () => {
      const [vase] = await filesOf("vase");
      expect(vase!.original).toMatch(/\.glb$/);
      expect(fs.readFileSync(path.join(store, vase!.original)).equals(vaseGlb())).toBe(true);
      // The drawn poster shows the vase (its glaze and its blue bands), not an empty canvas.
      const { channels } = await sharp(path.join(store, vase!.medium)).stats();
      expect(channels[2]!.stdev).toBeGreaterThan(20);
      const [tri] = await filesOf("tri");
      const packed = readGlb(fs.readFileSync(path.join(store, tri!.original)));
      expect(packed.json.buffers).toEqual([{ byteLength: 36 }]);
      expect([...new Float32Array(new Uint8Array(packed.bin!).buffer, 0, 9)]).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
      const poster = await sharp(path.join(store, tri!.medium)).stats();
      expect(poster.dominant).toEqual((await sharp(path.join(dir, "poster.jpg")).stats()).dominant);
    });

    it("shows public panoramas and models to everyone; a restricted one's and an access-2 record's are 404 for a visitor", async () => {
      const pano = await filesOf("pano");
      for (const url of [...urls([pano[0]!]), ...urls(await filesOf("vase"))]) expect((await server.fetch(url)).status, url).toBe(200);
      const hidden = [...urls([pano[1]!]), ...urls(await filesOf("res"))];
      // The access-2 record's model is the same file as the public "tri" model: that one stays public.
      const shared = new Set(urls(await filesOf("tri")));
      const refused = hidden.filter((u) => !shared.has(u));
      expect(refused.length).toBeGreaterThanOrEqual(5);
      for (const url of refused) expect((await server.fetch(url)).status, url).toBe(404);
      const page = await server.fetch("/oggetti/res");
      expect(page.status).toBe(404);
    });
  });
}
