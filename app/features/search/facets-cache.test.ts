import { describe, expect, it } from "vitest";
import { clearFacetCache, facetsKnown, facetsOnce, type FacetRow } from "./facets.server";

const row = (total: number) => ({ total }) as FacetRow;

describe("facet cache", () => {
  it("computes a key once for concurrent searches, and reuses it after", async () => {
    const db = {};
    let calls = 0;
    let resolve: (r: FacetRow) => void = () => {};
    const compute = () => {
      calls++;
      return new Promise<FacetRow>((r) => (resolve = r));
    };
    const a = facetsOnce(db, "k", compute);
    const b = facetsOnce(db, "k", compute);
    resolve(row(7));
    expect((await a).total).toBe(7);
    expect((await b).total).toBe(7);
    expect((await facetsOnce(db, "k", compute)).total).toBe(7);
    expect(calls).toBe(1);
    expect((await facetsOnce(db, "other", async () => row(1))).total).toBe(1);
  });

  it("tells a count only once it is computed, and not one that failed or was cleared", async () => {
    const db = {};
    let resolve: (r: FacetRow) => void = () => {};
    const pending = facetsOnce(db, "k", () => new Promise<FacetRow>((r) => (resolve = r)));
    expect(facetsKnown(db, "k")).toBeUndefined();
    resolve(row(9));
    await pending;
    expect(facetsKnown(db, "k")?.total).toBe(9);
    expect(facetsKnown(db, "other")).toBeUndefined();
    await expect(facetsOnce(db, "bad", () => Promise.reject(new Error("timeout")))).rejects.toThrow("timeout");
    expect(facetsKnown(db, "bad")).toBeUndefined();
    clearFacetCache(db);
    expect(facetsKnown(db, "k")).toBeUndefined();
  });

  it("forgets a failed computation and everything after an import (clear)", async () => {
    const db = {};
    await expect(facetsOnce(db, "k", () => Promise.reject(new Error("timeout")))).rejects.toThrow("timeout");
    expect((await facetsOnce(db, "k", async () => row(2))).total).toBe(2);
    clearFacetCache(db);
    expect((await facetsOnce(db, "k", async () => row(3))).total).toBe(3);
  });
});
