import { describe, expect, it } from "vitest";
import { accessLevelsFor, DEFAULT_CAPABILITIES, hasCapability, parseCapabilities } from "./capabilities";

describe("capabilities", () => {
  it("tests a level bitwise against the default values", () => {
    expect(hasCapability(1, "PUBLIC")).toBe(true);
    expect(hasCapability(1, "PRIVATE")).toBe(false);
    expect(hasCapability(64, "ADMIN")).toBe(true);
    expect(hasCapability(32, "ADMIN")).toBe(false);
    expect(hasCapability(32, "RISERVATO")).toBe(true); // 96 = 64 | 32
    expect(hasCapability(16, "RISERVATO")).toBe(false);
    expect(hasCapability(2, "CHANGE_PASSWORD")).toBe(true); // 30 = 16|8|4|2
    expect(hasCapability(64, "CHANGE_PASSWORD")).toBe(false);
  });

  it("gives visitors access 1 only, RISERVATO 1–2 and RISERVATO2 1–3", () => {
    expect(accessLevelsFor(1)).toEqual([1]);
    expect(accessLevelsFor(4)).toEqual([1]);
    const caps = parseCapabilities("RISERVATO:32, RISERVATO2:64");
    expect(accessLevelsFor(32, caps)).toEqual([1, 2]);
    expect(accessLevelsFor(64, caps)).toEqual([1, 2, 3]);
    expect(accessLevelsFor(8, caps)).toEqual([1]);
  });

  it("overrides defaults from NAME:number pairs and rejects bad entries", () => {
    expect(parseCapabilities("ADMIN:128\nPUBLIC:1").ADMIN).toBe(128);
    expect(parseCapabilities(undefined)).toEqual(DEFAULT_CAPABILITIES);
    expect(() => parseCapabilities("ADMIN=3")).toThrow(/NAME:number/);
    expect(() => parseCapabilities("ROOT:1")).toThrow(/Unknown capability/);
  });
});
