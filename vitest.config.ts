import { defineConfig } from "vitest/config";
import path from "node:path";
import SlowFirstSequencer from "./tests/setup/sequencer";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["app/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/faults/**/*.test.ts", "scripts/**/*.test.ts"],
    // the migrations run once per run: a migrated PGlite snapshot and PostgreSQL template (tests/setup/global.ts)
    globalSetup: ["tests/setup/global.ts"],
    // the slowest files first, so that none starts last (tests/setup/sequencer.ts)
    sequence: { sequencer: SlowFirstSequencer },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: true,
    // three on two cores: the integration and fault files wait for servers, subprocesses and PostgreSQL much of
    // the time (a run used about one core with two workers). On a clean clone: 335 s with three, 359 s with four.
    maxWorkers: 3,
  },
});
