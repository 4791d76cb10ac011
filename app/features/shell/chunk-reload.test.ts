import { describe, expect, it, vi } from "vitest";
import { reloadForChunkError } from "./chunk-reload";

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe("chunk load failure", () => {
  const err = new TypeError("Failed to fetch dynamically imported module: /assets/record-abc.js");
  it("reloads the page at most once per minute", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadForChunkError(err, 1_000_000, storage, reload)).toBe(true);
    expect(reloadForChunkError(err, 1_030_000, storage, reload)).toBe(false);
    expect(reloadForChunkError(err, 1_061_000, storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
  it("ignores other errors", () => {
    const reload = vi.fn();
    expect(reloadForChunkError(new Error("boom"), 0, memoryStorage(), reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
