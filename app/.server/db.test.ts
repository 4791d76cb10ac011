import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sharedBuffersFor } from "./db";

describe("sharedBuffersFor (PGlite's page cache, sized to the catalogue)", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  /** A data directory whose tables take `mb` (sparse files: no disk used). */
  const dataDir = (mb: number) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "teca-buffers-"));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, "base", "5"), { recursive: true });
    fs.writeFileSync(path.join(dir, "base", "5", "1"), "");
    fs.truncateSync(path.join(dir, "base", "5", "1"), mb * 2 ** 20);
    return dir;
  };

  it("gives a new or small catalogue 128 MB, a larger one half again its size in steps of 32 MB, at most 384 MB", () => {
    expect(sharedBuffersFor(path.join(os.tmpdir(), "teca-no-such-dir"))).toBe("128MB");
    expect(sharedBuffersFor(dataDir(83))).toBe("128MB");
    expect(sharedBuffersFor(dataDir(100))).toBe("160MB");
    expect(sharedBuffersFor(dataDir(200))).toBe("320MB");
    expect(sharedBuffersFor(dataDir(1000))).toBe("384MB");
  });
});
