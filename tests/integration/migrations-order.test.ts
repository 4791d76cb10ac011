import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Drizzle's migrator applies the journal's entries created after the last applied one: an entry dated
// before an earlier one is never applied to a database that already has that one (an upgrade skips it).
describe("migration journal", () => {
  it("dates every migration after the one before it", () => {
    const journal = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../db/migrations/meta/_journal.json"), "utf8")) as {
      entries: { idx: number; tag: string; when: number }[];
    };
    for (let i = 1; i < journal.entries.length; i++) {
      const [a, b] = [journal.entries[i - 1]!, journal.entries[i]!];
      expect(b.when, `${b.tag} must be dated after ${a.tag}`).toBeGreaterThan(a.when);
    }
  });
});
