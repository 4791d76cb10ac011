import { DEFAULT_CAPABILITIES, hasCapability, type Capabilities, type CapabilityName } from "~/lib/capabilities";

/**
 * The roles of spec §6 and their bits (the spec leaves the mapping open; docs/accounts.md and decision 040).
 * A user may hold several roles; their level is the OR of the bits. Capabilities (app/lib/capabilities.ts)
 * are tested against that level.
 */
export const ROLES = {
  Ricercatore: 2,
  "Ricercatore avanzato": 4,
  Catalogatore: 8,
  "Catalogatore avanzato": 16,
  Manager: 32,
  Amministratore: 64,
} as const;

export type RoleName = keyof typeof ROLES;
export const ROLE_NAMES = Object.keys(ROLES) as RoleName[];

export function isRoleName(name: string): name is RoleName {
  return Object.hasOwn(ROLES, name);
}

/** The role named case-insensitively ("manager", "ricercatore avanzato"), or null. */
export function roleNamed(name: string): RoleName | null {
  const n = name.trim().toLowerCase();
  return ROLE_NAMES.find((r) => r.toLowerCase() === n) ?? null;
}

/** A user's level: the OR of their roles' bits. */
export function levelOf(roles: readonly string[]): number {
  return roles.reduce((level, r) => (isRoleName(r) ? level | ROLES[r] : level), 0);
}

/** The capabilities a level holds, in the order of the capability list. */
export function capabilitiesOf(level: number, caps: Capabilities = DEFAULT_CAPABILITIES): CapabilityName[] {
  return (Object.keys(caps) as CapabilityName[]).filter((c) => hasCapability(level, c, caps));
}
