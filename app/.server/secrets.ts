import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const cache = new Map<string, string>();

/**
 * A server secret's material: the environment variable `envName` (at least 16 characters; several hosts must
 * share it), else `DATA_DIR/secrets/{fileName}`, made at first use (32 random bytes, mode 0600; a file another
 * process made first is read). Kept in memory per source, so changing the variable (tests) takes effect.
 */
export function secretMaterial(envName: string, fileName: string, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env[envName]?.trim();
  const source = fromEnv ? `env:${fromEnv}` : `file:${path.resolve(env.DATA_DIR ?? "./data", "secrets", fileName)}`;
  const known = cache.get(`${envName}|${source}`);
  if (known !== undefined) return known;
  let material: string;
  if (fromEnv) {
    if (fromEnv.length < 16) throw new Error(`${envName} must be at least 16 characters`);
    material = fromEnv;
  } else {
    const file = source.slice(5);
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, `${crypto.randomBytes(32).toString("base64url")}\n`, { flag: "wx", mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    material = fs.readFileSync(file, "utf8").trim();
  }
  cache.set(`${envName}|${source}`, material);
  return material;
}
