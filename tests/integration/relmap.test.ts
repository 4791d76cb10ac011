import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "../../app/.server/context";
import { PUBLIC_VIEWER, type Viewer } from "../../app/.server/access";
import { getRelationMap } from "../../app/features/relmap/relmap.server";
import { MAP_AREA, readOpen } from "../../app/features/relmap/relmap";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeRecord } from "../factories/records";
import { createUser } from "../../app/features/accounts/accounts.server";
import { createMap, deleteMap, getMap, getPublishedMap, listMaps, saveMap } from "../../app/features/relmap/maps.server";
import { saveMapCall } from "../../app/features/relmap/http.server";
import type { TecaLoadContext } from "../../app/.server/context";

/**
 * Issue 33 §5 (decision 110): a record's relational map, through its service with a ctx, on both databases. The
 * centre, its relations by type on a ring, a first-ring node opened one step further; a record the viewer may not
 * see is neither a node nor an edge nor counted, and cannot be opened by naming it; the centre they may not see is
 * null (the page's 404); bad `open` values are ignored.
 */
const rel = (type: string, table: string, id: string, it: string) => ({ type, table, id, label: { it } });

for (const target of testDatabases()) {
  describe(`relational map on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const ctx = (viewer: Viewer): ServiceContext => ({ database: cat.db, viewer, locale: "it" });
    const reserved: Viewer = { kind: "anonymous", userId: null, level: 0, roles: [], accessLevels: [1, 2] };

    beforeAll(async () => {
      cat = await seededCatalogue(target, [
        makeRecord({
          id: "vaso",
          texts: { it: { label: "Vaso di Murano" } },
          relations: [
            rel("autore", "ca_entities", "barovier", "autore"),
            rel("autore", "ca_entities", "ignoto", "autore"),
            rel("luogo", "ca_places", "murano", "luogo di produzione"),
            rel("luogo", "ca_places", "segreta", "luogo di produzione"),
            rel("mostra", "ca_occurrences", "mostra1900", "esposto a"),
          ],
        }),
        makeRecord({ table: "ca_entities", id: "barovier", texts: { it: { label: "Angelo Barovier" } } }),
        makeRecord({ table: "ca_entities", id: "ignoto", texts: { it: { label: "Autore riservato" } }, access: 2 }),
        makeRecord({ table: "ca_places", id: "murano", texts: { it: { label: "Murano" } } }),
        makeRecord({ table: "ca_places", id: "segreta", texts: { it: { label: "Fornace segreta" } }, access: 2 }),
        makeRecord({ table: "ca_occurrences", id: "mostra1900", texts: { it: { label: "Esposizione 1900" } } }),
        makeRecord({
          id: "coppa",
          texts: { it: { label: "Coppa" } },
          relations: [rel("luogo", "ca_places", "murano", "luogo di produzione"), rel("autore", "ca_entities", "ignoto", "autore")],
        }),
        makeRecord({ id: "solo", texts: { it: { label: "Oggetto senza relazioni" } } }),
        makeRecord({
          id: "chiuso",
          access: 2,
          texts: { it: { label: "Oggetto riservato" } },
          relations: [rel("luogo", "ca_places", "murano", "luogo di produzione")],
        }),
      ]);
    });
    afterAll(async () => cat?.close());

    it("draws the centre in the middle and its visible relations around it, grouped by relation type", async () => {
      const map = (await getRelationMap(ctx(PUBLIC_VIEWER), "ca_objects", "vaso"))!;
      expect(map.centre).toMatchObject({ key: "ca_objects:vaso", label: "Vaso di Murano", depth: 0 });
      expect(map.centre.x).toBe(MAP_AREA.width / 2);
      expect(map.centre.y).toBe(MAP_AREA.height / 2);
      expect(map.groups.map((g) => [g.label, g.nodes, g.total])).toEqual([
        ["autore", ["ca_entities:barovier"], 1],
        ["esposto a", ["ca_occurrences:mostra1900"], 1],
        ["luogo di produzione", ["ca_places:murano"], 1],
      ]);
      const ring = map.nodes.filter((n) => n.depth === 1);
      expect(ring.map((n) => n.key)).toEqual(["ca_entities:barovier", "ca_occurrences:mostra1900", "ca_places:murano"]);
      // all at one distance from the centre, inside the drawing
      const d = ring.map((n) => Math.round(Math.hypot(n.x - map.centre.x, n.y - map.centre.y)));
      expect(new Set(d).size).toBe(1);
      for (const n of map.nodes) {
        expect(n.x).toBeGreaterThanOrEqual(0);
        expect(n.x).toBeLessThanOrEqual(MAP_AREA.width);
        expect(n.y).toBeGreaterThanOrEqual(0);
        expect(n.y).toBeLessThanOrEqual(MAP_AREA.height);
      }
      expect(map.edges).toContainEqual({ from: "ca_objects:vaso", to: "ca_places:murano", label: "luogo di produzione" });
      expect(map.labels.map((l) => l.label)).toEqual(["autore", "esposto a", "luogo di produzione"]);
      // nothing restricted: not a node, not an edge, not counted
      const text = JSON.stringify(map);
      expect(text).not.toContain("ignoto");
      expect(text).not.toContain("segreta");
      expect(text).not.toContain("riservato");
    });

    it("shows the restricted related records to a viewer who may see them", async () => {
      const map = (await getRelationMap(ctx(reserved), "ca_objects", "vaso"))!;
      expect(map.groups.find((g) => g.label === "autore")).toMatchObject({
        total: 2,
        nodes: ["ca_entities:barovier", "ca_entities:ignoto"],
      });
      expect(map.nodes.map((n) => n.key)).toContain("ca_places:segreta");
    });

    it("opens a first-ring node one step further, with only what the viewer may see", async () => {
      const map = (await getRelationMap(ctx(PUBLIC_VIEWER), "ca_objects", "vaso", { open: ["ca_places:murano"] }))!;
      expect(map.open).toEqual(["ca_places:murano"]);
      expect(map.nodes.find((n) => n.key === "ca_places:murano")?.open).toBe(true);
      const exp = map.expansions.find((x) => x.key === "ca_places:murano")!;
      // the place's relations: the cup (public), not the restricted object, not the vase again (the centre)
      expect(exp.groups.flatMap((g) => g.nodes)).toEqual(["ca_objects:coppa"]);
      expect(map.nodes.find((n) => n.key === "ca_objects:coppa")).toMatchObject({ depth: 2 });
      expect(JSON.stringify(map)).not.toContain("chiuso");
      expect(map.edges).toContainEqual(expect.objectContaining({ from: "ca_places:murano", to: "ca_objects:coppa" }));
      // seen by a reserved viewer, the restricted object is there too
      const more = (await getRelationMap(ctx(reserved), "ca_objects", "vaso", { open: ["ca_places:murano"] }))!;
      expect(more.expansions[0]!.groups.flatMap((g) => g.nodes).sort()).toEqual(["ca_objects:chiuso", "ca_objects:coppa"]);
    });

    it("opens only nodes of the first ring: naming a restricted record or a stranger opens nothing", async () => {
      const map = (await getRelationMap(ctx(PUBLIC_VIEWER), "ca_objects", "vaso", {
        open: ["ca_entities:ignoto", "ca_places:segreta", "ca_objects:chiuso", "ca_objects:solo"],
      }))!;
      expect(map.open).toEqual([]);
      expect(map.expansions).toEqual([]);
      expect(JSON.stringify(map)).not.toMatch(/ignoto|segreta|chiuso/);
    });

    it("a record the viewer may not see, or a missing one, has no map; one without relations has an empty one", async () => {
      expect(await getRelationMap(ctx(PUBLIC_VIEWER), "ca_objects", "chiuso")).toBeNull();
      expect(await getRelationMap(ctx(PUBLIC_VIEWER), "ca_objects", "nessuno")).toBeNull();
      expect(await getRelationMap(ctx(reserved), "ca_objects", "chiuso")).not.toBeNull();
      const solo = (await getRelationMap(ctx(PUBLIC_VIEWER), "ca_objects", "solo"))!;
      expect(solo.groups).toEqual([]);
      expect(solo.nodes).toHaveLength(1);
    });

    describe("saved maps (decision 111)", () => {
      const user: Record<"anna" | "bruno", Viewer> = {} as never;
      beforeAll(async () => {
        for (const who of ["anna", "bruno"] as const) {
          const u = await createUser(
            { database: cat.db },
            { email: `${who}@example.org`, roles: ["Ricercatore"] },
            { userId: null, address: "test" },
          );
          user[who] = { kind: "user", userId: u.id, level: 0, roles: ["Ricercatore"], accessLevels: [1] };
        }
      });

      it("saves a map with its arrangement, keeping only nodes of the map as its owner sees it", async () => {
        const saved = await createMap(ctx(user.anna), {
          title: "Il vaso e i suoi luoghi",
          table: "ca_objects",
          id: "vaso",
          open: ["ca_places:murano", "ca_places:segreta"],
          positions: { "ca_places:murano": { x: 100, y: 100 }, "ca_entities:ignoto": { x: 1, y: 1 } },
        });
        expect(saved).toMatchObject({ title: "Il vaso e i suoi luoghi", table: "ca_objects", recordId: "vaso", public: false, version: 1 });
        expect(saved.open).toEqual(["ca_places:murano"]);
        expect(saved.positions).toEqual({ "ca_places:murano": { x: 100, y: 100 } });
        expect((await listMaps(ctx(user.anna))).map((m) => m.id)).toEqual([saved.id]);
        expect(await listMaps(ctx(user.bruno))).toEqual([]);
      });

      it("another user can neither read, change, publish nor delete my map: it is the 404 of a missing one", async () => {
        const mine = await createMap(ctx(user.anna), { title: "Mia", table: "ca_objects", id: "vaso", open: [], positions: {} });
        const missing = { status: 404 };
        await expect(getMap(ctx(user.bruno), mine.id)).rejects.toMatchObject(missing);
        await expect(saveMap(ctx(user.bruno), mine.id, { version: 1, title: "Presa" })).rejects.toMatchObject(missing);
        await expect(saveMap(ctx(user.bruno), mine.id, { version: 1, public: true })).rejects.toMatchObject(missing);
        await expect(deleteMap(ctx(user.bruno), mine.id)).rejects.toMatchObject(missing);
        await expect(getMap(ctx(PUBLIC_VIEWER), mine.id)).rejects.toMatchObject(missing);
        await expect(
          createMap(ctx(PUBLIC_VIEWER), { title: "x", table: "ca_objects", id: "vaso", open: [], positions: {} }),
        ).rejects.toMatchObject(missing);
        expect(await getMap(ctx(user.anna), mine.id)).toMatchObject({ title: "Mia", version: 1, public: false });
      });

      it("a map of a record its owner may not see is not saved", async () => {
        await expect(
          createMap(ctx(user.anna), { title: "x", table: "ca_objects", id: "chiuso", open: [], positions: {} }),
        ).rejects.toMatchObject({ status: 404 });
        expect((await listMaps(ctx(user.anna))).some((m) => m.recordId === "chiuso")).toBe(false);
      });

      it("renames, rearranges, publishes at a kept address, refuses a stale save, and deletes", async () => {
        const m = await createMap(ctx(user.anna), { title: "Da pubblicare", table: "ca_objects", id: "vaso", open: [], positions: {} });
        const renamed = await saveMap(ctx(user.anna), m.id, { version: 1, title: "Pubblicata" });
        expect(renamed).toMatchObject({ title: "Pubblicata", version: 2 });
        await expect(saveMap(ctx(user.anna), m.id, { version: 1, title: "Vecchia" })).rejects.toMatchObject({ code: "conflict" });
        const moved = await saveMap(ctx(user.anna), m.id, { version: 2, positions: { "ca_objects:vaso": { x: 300, y: 200 } } });
        expect(moved.positions).toEqual({ "ca_objects:vaso": { x: 300, y: 200 } });
        await expect(getPublishedMap(ctx(PUBLIC_VIEWER), "nessuna")).rejects.toMatchObject({ status: 404 });
        const pub = await saveMap(ctx(user.anna), m.id, { version: 3, public: true });
        expect(pub.publishedSlug).toMatch(/^pubblicata-[a-z0-9]{8}$/);
        expect(await getPublishedMap(ctx(PUBLIC_VIEWER), pub.publishedSlug!)).toMatchObject({ title: "Pubblicata" });
        const off = await saveMap(ctx(user.anna), m.id, { version: 4, public: false });
        await expect(getPublishedMap(ctx(PUBLIC_VIEWER), pub.publishedSlug!)).rejects.toMatchObject({ status: 404 });
        const again = await saveMap(ctx(user.anna), m.id, { version: off.version, public: true });
        expect(again.publishedSlug).toBe(pub.publishedSlug);
        await deleteMap(ctx(user.anna), m.id);
        await expect(getMap(ctx(user.anna), m.id)).rejects.toMatchObject({ status: 404 });
        await expect(getPublishedMap(ctx(PUBLIC_VIEWER), pub.publishedSlug!)).rejects.toMatchObject({ status: 404 });
      });

      it("the saveDoc call refuses bad input with a 400 that says what is wrong, and saves nothing", async () => {
        const context = { database: cat.db, viewer: user.bruno, requestId: "t", mediaDir: "" } as TecaLoadContext;
        const url = new URL("http://x/api/auth/docs/saveDoc");
        const bad = [
          { collection: "mappe", locale: "en", data: { title: "", table: "ca_objects", id: "vaso" } },
          { collection: "mappe", locale: "en", data: { title: "x", table: "ca_nothing", id: "vaso" } },
          {
            collection: "mappe",
            locale: "en",
            data: { title: "x", table: "ca_objects", id: "vaso", positions: { "ca_objects:vaso": { x: -5, y: 1 } } },
          },
          { collection: "mappe", locale: "en", data: { title: "x", table: "ca_objects", id: "vaso", extra: 1 } },
          { collection: "mappe", locale: "en", name: "../etc", data: { version: 1 } },
        ];
        for (const body of bad) {
          const res = await saveMapCall(context, url, body);
          expect(res.status).toBe(400);
          expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/\w/);
        }
        expect(await listMaps(ctx(user.bruno))).toEqual([]);
        const created = await saveMapCall(context, url, {
          collection: "mappe",
          locale: "en",
          data: { title: "Di Bruno", table: "ca_objects", id: "vaso" },
        });
        expect(created.status).toBe(201);
        expect(((await created.json()) as { data: { name: string; type: string } }).data).toMatchObject({
          name: "Di Bruno",
          type: "mappe",
        });
      });
    });

    it("keeps positions a user arranged, clamped to the drawing, for nodes of the map only", async () => {
      const map = (await getRelationMap(ctx(PUBLIC_VIEWER), "ca_objects", "vaso", {
        positions: { "ca_places:murano": { x: 100, y: 120 }, "ca_objects:vaso": { x: 1200, y: 0 }, "ca_entities:ignoto": { x: 5, y: 5 } },
      }))!;
      expect(map.nodes.find((n) => n.key === "ca_places:murano")).toMatchObject({ x: 100, y: 120 });
      expect(map.centre).toMatchObject({ x: MAP_AREA.width - 40, y: 40 });
      expect(JSON.stringify(map)).not.toContain("ignoto");
    });
  });
}

describe("the `open` parameter", () => {
  it("keeps valid node keys, once each, at most six", () => {
    expect(readOpen(null)).toEqual([]);
    expect(readOpen("ca_places:murano,ca_places:murano,bogus,ca_nothing:x,ca_objects:../x,ca_objects:")).toEqual(["ca_places:murano"]);
    expect(readOpen(Array.from({ length: 9 }, (_, i) => `ca_objects:o${i}`).join(","))).toHaveLength(6);
  });
});
