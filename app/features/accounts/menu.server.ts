import type { Profile } from "./login.server";

/**
 * The header's account entries for a signed-in user (spec §6 "Menu visibility"), from the same capabilities
 * the server's guard checks: Cataloga with LOGIN_BACKEND when a back end is configured (BACKEND_URL; without
 * one there is nothing to link to), user management with MANAGE_USERS, change password with CHANGE_PASSWORD,
 * the last two for non-SSO users only; two-step verification (/account/security) for every user with a
 * password here (SSO users' provider handles theirs).
 */
export type AccountMenu = {
  name: string;
  backendUrl: string | null;
  manageUsers: boolean;
  changePassword: boolean;
  security: boolean;
  /** The site settings (/settings) and the console (/console), spec §6: ADMIN only. */
  settings: boolean;
  /** Registro Collezioni (/registro), spec §6: the option `registro` and MANAGE_USERS (issue 32 §4). */
  register: boolean;
  /** Registro Richieste (/requests), spec §6: the option `richiediimmagine_email` and MANAGE_USERS (issue 32 §3). */
  requests: boolean;
  /** The user's own reproduction requests (/account/requests): the option `richiediimmagine_email` (issue 32 §3). */
  myRequests: boolean;
  /**
   * Annotazioni (/annotazioni), spec §6: the option `annotations` and MANAGE_ANNOTATIONS, with the red dot while a
   * note this manager may see is unread by them (issue 32 §1, decision 097); null: no entry.
   */
  annotations: { unread: boolean } | null;
};

export function backendUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  const v = env.BACKEND_URL?.trim();
  if (!v) return null;
  // a local path, or an http(s) address; anything else (javascript:, //host) is not linked
  if (/^\/(?![/\\])/.test(v) || /^https?:\/\/[^\s]+$/i.test(v)) return v;
  return null;
}

/**
 * `annotations`: the manager's read state when the option is on and they hold MANAGE_ANNOTATIONS (computed only
 * then, by the registers feature), else null.
 */
export function accountMenu(
  profile: Profile | null,
  options: { registro?: boolean; richiediimmagine_email?: string | null; annotations?: { read: boolean } | null } = {},
): AccountMenu | null {
  if (!profile) return null;
  const has = (c: string) => profile.capabilities.includes(c);
  return {
    name: [profile.firstName, profile.lastName].filter(Boolean).join(" ") || profile.email,
    backendUrl: has("LOGIN_BACKEND") ? backendUrl() : null,
    manageUsers: has("MANAGE_USERS") && !profile.sso,
    changePassword: has("CHANGE_PASSWORD") && !profile.sso,
    security: !profile.sso,
    settings: has("ADMIN"),
    register: Boolean(options.registro) && has("MANAGE_USERS"),
    requests: Boolean(options.richiediimmagine_email?.trim()) && has("MANAGE_USERS"),
    myRequests: Boolean(options.richiediimmagine_email?.trim()),
    annotations: options.annotations && has("MANAGE_ANNOTATIONS") ? { unread: !options.annotations.read } : null,
  };
}
