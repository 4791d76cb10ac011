import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest, slowest first (seconds on PGlite and PostgreSQL together, a CI run of 2026-11-28).
 * On a fresh checkout Vitest knows no durations and starts the largest files first; a half-minute file
 * started last keeps one worker busy while the other idles. These start first: only the order changes, and a
 * file missing from the list (or gone from the tree) costs nothing but its place.
 */
const SLOW_FIRST = [
  "tests/faults/imports.test.ts",
  "tests/integration/oai-harvest.test.ts",
  "tests/faults/demo.test.ts",
  "tests/integration/relevance.test.ts",
  "tests/integration/hostile-requests.test.ts",
  "tests/integration/iccd.test.ts",
  "tests/integration/database.test.ts",
  "tests/integration/access-matrix.test.ts",
  "tests/integration/processes.test.ts",
  "tests/faults/backup.test.ts",
  "tests/integration/password-reset.test.ts",
  "app/features/catalogue/museum/convert.test.ts",
  "tests/faults/lock.test.ts",
  "tests/integration/protected-media.test.ts",
  "tests/integration/console.test.ts",
  "tests/integration/accounts-cli.test.ts",
  "tests/integration/sitemap.test.ts",
  "tests/faults/front.test.ts",
];

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.indexOf(path.relative(f.project.config.root, f.moduleId).split(path.sep).join("/"));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    // (a stable sort: the files off the list keep Vitest's order)
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
