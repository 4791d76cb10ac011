/** Capability bit values (spec §6); a configured list of name:number pairs overrides them. */
export const DEFAULT_CAPABILITIES = {
  PUBLIC: 1,
  PRIVATE: 126,
  CHANGE_PASSWORD: 30,
  LOGIN_BACKEND: 120,
  SHARE_EXTERNAL: 116,
  DOWNLOAD_BASSA: 124,
  DOWNLOAD_BASSA_WATERMARK: 126,
  DOWNLOAD_ALTA: 112,
  DOWNLOAD_ALTA_WATERMARK: 120,
  RISERVATO: 96,
  RISERVATO2: 96,
  MANAGE_USERS: 96,
  MANAGE_ANNOTATIONS: 96,
  ADMIN: 64,
} as const;

export type CapabilityName = keyof typeof DEFAULT_CAPABILITIES;
export type Capabilities = Record<CapabilityName, number>;

/** The level of an anonymous visitor. */
export const VISITOR_LEVEL = DEFAULT_CAPABILITIES.PUBLIC;

/**
 * Parses "NAME:number" pairs (comma or newline separated) over the defaults.
 * Unknown names and non-integer values are rejected with an error.
 */
export function parseCapabilities(config: string | undefined | null): Capabilities {
  const caps: Capabilities = { ...DEFAULT_CAPABILITIES };
  if (!config) return caps;
  for (const part of config.split(/[,\n]/)) {
    const item = part.trim();
    if (!item) continue;
    const m = /^([A-Z0-9_]+)\s*:\s*(\d+)$/.exec(item);
    if (!m) throw new Error(`Invalid capability entry "${item}": expected NAME:number`);
    const name = m[1] as CapabilityName;
    if (!(name in DEFAULT_CAPABILITIES)) throw new Error(`Unknown capability "${name}"`);
    caps[name] = Number(m[2]);
  }
  return caps;
}

/** A level satisfies a capability when they share at least one bit. */
export function hasCapability(level: number, capability: CapabilityName, caps: Capabilities = DEFAULT_CAPABILITIES): boolean {
  return (level & caps[capability]) !== 0;
}

/** Access levels of records a level may see: RISERVATO2 → 1,2,3; RISERVATO → 1,2; others 1. */
export function accessLevelsFor(level: number, caps: Capabilities = DEFAULT_CAPABILITIES): number[] {
  if (hasCapability(level, "RISERVATO2", caps)) return [1, 2, 3];
  if (hasCapability(level, "RISERVATO", caps)) return [1, 2];
  return [1];
}
