import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalize } from "@iiif/parser";
import { createUser } from "../../app/features/accounts/accounts.server";
import { createSession } from "../../app/.server/session";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeImage, makeRecord, tempDir } from "../factories/records";
import type { collectionWithItemsJson } from "../../app/features/workspace/http.server";

/** What saveDoc answers (app/features/workspace/http.server.ts) and the part of a IIIF Presentation 3 collection read here. */
type Saved = { data: ReturnType<typeof collectionWithItemsJson> };
type IiifCollection = {
  id: string;
  type: string;
  label: Record<string, string[]>;
  summary: Record<string, string[]>;
  items: { id: string; type: string }[];
};

/**
 * A published workspace collection as a IIIF collection (issue 14 §1): its records with images, in its order,
 * as manifest references a IIIF client reads; restricted records and records without images left out for a
 * visitor; another origin may read it; unpublished → 404 at once.
 */
for (const target of testDatabases()) {
  describe(`IIIF collection of a published collection on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    let cookie = "";

    beforeAll(async () => {
      const dir = tempDir();
      await makeImage(dir, "a.jpg");
      await makeImage(dir, "b.jpg", 640, 480, "#225588");
      await makeImage(dir, "c.jpg", 640, 480, "#000000");
      cat = await seededCatalogue(
        target,
        [
          makeRecord({ id: "vaso", texts: { it: { label: "Vaso blu" } }, media: [{ type: "image", file: "a.jpg" }] }),
          makeRecord({ id: "brocca", texts: { it: { label: "Brocca smaltata" } }, media: [{ type: "image", file: "b.jpg" }] }),
          makeRecord({ id: "piatto", texts: { it: { label: "Piatto senza immagini" } } }),
          makeRecord({
            id: "segreto",
            access: 2,
            texts: { it: { label: "Reliquiario segreto" } },
            media: [{ type: "image", file: "c.jpg" }],
          }),
        ],
        { dir },
      );
      const user = await createUser(
        { database: cat.db },
        { email: "curatrice@example.org", roles: ["Manager"] },
        { userId: null, address: "test" },
      );
      cookie = `teca_session=${(await createSession(cat.db, user.id, { userAgent: "test", address: "127.0.0.1" })).token}`;
    });
    afterAll(async () => {
      await cat?.close();
    });

    const call = async (name: string, body: unknown) => {
      const res = await cat.server.fetch(`/api/auth/docs/${name}`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json", origin: cat.server.base },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Saved };
    };

    it("lists the visible records with images in the collection's order, read by @iiif/parser; 404 once unpublished", async () => {
      const items = ["brocca", "segreto", "piatto", "vaso"].map((id) => ({ table: "ca_objects", id }));
      const created = await call("saveDoc", { collection: "collections", locale: "it", data: { title: "Ceramiche scelte", items } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.data.id;
      const published = await call("saveDoc", { collection: "collections", name: id, data: { public: true } });
      expect(published.status).toBe(200);
      const slug = published.body.data.slug!;

      const res = await cat.server.fetch(`/iiif/collection/public/${slug}`, { headers: { origin: "https://viewer.example" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      const doc = (await res.json()) as IiifCollection;
      expect(doc.type).toBe("Collection");
      expect(doc.label).toEqual({ none: ["Ceramiche scelte"] });
      expect(doc.summary.it![0]).toContain(`/public/collections/${slug}`);
      const normalized = normalize(structuredClone(doc));
      expect(normalized.resource).toEqual({ id: doc.id, type: "Collection" });
      // brocca and vaso, in the collection's order; the restricted one and the one without images are not there
      expect(doc.items.map((m) => m.id.replace(/^.*\/iiif\/manifest\//, ""))).toEqual(["oggetti/brocca", "oggetti/vaso"]);
      expect(JSON.stringify(doc)).not.toMatch(/segreto|Reliquiario/);
      for (const m of doc.items) {
        expect(m.type).toBe("Manifest");
        const manifest = await cat.server.fetch(new URL(m.id).pathname);
        expect(manifest.status).toBe(200);
      }

      // the owner, who may see the restricted record, gets it too, never cached by others
      const own = await cat.server.fetch(`/iiif/collection/public/${slug}?locale=en`, { headers: { cookie } });
      expect(own.headers.get("cache-control")).toBe("private, no-store");
      const ownDoc = (await own.json()) as IiifCollection;
      expect(ownDoc.items).toHaveLength(3);
      expect(ownDoc.id).toMatch(/\?locale=en$/);

      // bad input and unknown addresses
      expect((await cat.server.fetch(`/iiif/collection/public/${slug}?locale=de`)).status).toBe(400);
      expect((await cat.server.fetch(`/iiif/collection/public/${slug}-nope`)).status).toBe(404);
      expect((await cat.server.fetch(`/iiif/collection/public/NOT_A_SLUG!`)).status).toBe(404);

      const unpublished = await call("saveDoc", { collection: "collections", name: id, data: { public: false } });
      expect(unpublished.status).toBe(200);
      expect((await cat.server.fetch(`/iiif/collection/public/${slug}`)).status).toBe(404);
    });
  });
}
