import path from "node:path";

/** Runtime configuration read from the environment (documented in README and .env.example). */
export function readEnv(env: NodeJS.ProcessEnv = process.env) {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? "localhost",
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    databaseUrl: env.DATABASE_URL || undefined,
    /** PostgreSQL: a read replica for the visitors' catalogue reads (db.ts catalogueReader; ignored without DATABASE_URL). */
    databaseReadUrl: env.DATABASE_URL ? env.DATABASE_READ_URL || undefined : undefined,
    mediaDir: env.MEDIA_DIR ? path.resolve(env.MEDIA_DIR) : undefined,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "warn" : "info"),
    loadDemo: env.TECA_DEMO !== "0",
    /** Where the demo's drawn pictures are kept across loads (unset: the server's default; "0": not kept). */
    demoImageCache: env.DEMO_IMAGE_CACHE === "0" ? null : env.DEMO_IMAGE_CACHE ? path.resolve(env.DEMO_IMAGE_CACHE) : undefined,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, "") || undefined,
    /** PostgreSQL: the longest a statement of the server may run (0: unbounded). */
    statementTimeoutMs:
      Number.isFinite(Number(env.STATEMENT_TIMEOUT_MS)) && env.STATEMENT_TIMEOUT_MS ? Number(env.STATEMENT_TIMEOUT_MS) : 15_000,
  };
}
export type Env = ReturnType<typeof readEnv>;
