// Types of scripts/build.mjs (plain JavaScript: `npm start` runs it without tsx).
export const root: string;
export const buildDir: string;
export const serverEntry: string;
export function staleParts(): { app: boolean; server: boolean; anyBuild: boolean };
export function buildApp(opts?: { quiet?: boolean }): void;
export function buildServer(): Promise<void>;
export function buildStale(opts?: {
  force?: boolean;
  quiet?: boolean;
  log?: (message: string) => void;
}): Promise<{ app: boolean; server: boolean }>;
