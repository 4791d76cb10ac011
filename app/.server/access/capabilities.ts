import { DEFAULT_CAPABILITIES, hasCapability, type Capabilities, type CapabilityName } from "~/lib/capabilities";
import { capabilities } from "../session";
import { Refusal } from "./refusal";
import type { Viewer } from "./viewer";

/**
 * Capability checks on the server (spec §6): the bit arithmetic is lib/capabilities.ts's (the browser uses it
 * to hide controls), the capabilities in force are the configured ones (CAPABILITIES), and the decisions are
 * taken here.
 */

/**
 * A signed-in viewer whose level carries the capability in the given capability list (default: the configured
 * one): for a service that reads another site's list in its tests (the downloads' sizes, decision 098).
 */
export function userCarries(viewer: Viewer, capability: CapabilityName, caps: Capabilities = capabilities()): boolean {
  return viewer.kind === "user" && !!viewer.userId && hasCapability(viewer.level, capability, caps);
}

/** A user's level carries the capability (a user being signed in, before there is a viewer). */
export function levelCarries(level: number, capability: CapabilityName): boolean {
  return hasCapability(level, capability, capabilities());
}

/** The viewer's level carries the capability (signed in or not: the route guard's test). */
export function levelHas(viewer: Viewer, capability: CapabilityName): boolean {
  return levelCarries(viewer.level, capability);
}

/** A signed-in viewer whose level carries the capability. */
export function can(viewer: Viewer, capability: CapabilityName): boolean {
  return viewer.kind === "user" && levelHas(viewer, capability);
}

/**
 * The service's own check of what its route's guard already checked (a service may be called from elsewhere):
 * a signed-in viewer with the capability, whose id it returns; anyone else is refused with a 404, as the guard
 * refuses a signed-in user.
 */
export function requireCapability(ctx: { viewer: Viewer }, capability: CapabilityName): string {
  const { viewer } = ctx;
  if (viewer.kind !== "user" || !viewer.userId || !levelHas(viewer, capability)) throw new Refusal(404);
  return viewer.userId;
}

/**
 * Whether the record pages and the record API show the fields the catalogue marks internal: staff
 * (LOGIN_BACKEND). Read against the default capabilities, not the configured ones, as the record route always
 * has.
 */
export function seesInternalFields(viewer: Viewer): boolean {
  return viewer.kind === "user" && hasCapability(viewer.level, "LOGIN_BACKEND", DEFAULT_CAPABILITIES);
}
