import { accessLevelsFor, DEFAULT_CAPABILITIES, VISITOR_LEVEL, type Capabilities } from "~/lib/capabilities";

/**
 * Who is asking. Built once per request at the boundary (server/app.ts, from the session) and passed to every
 * service in its context: the access policy (this folder) reads nothing else.
 */
export type Viewer = {
  kind: "anonymous" | "user";
  userId: string | null;
  level: number;
  roles: string[];
  /** Record access levels this viewer may see (1 public, 2 restricted, 3 very restricted). */
  accessLevels: number[];
};

/** A visitor: the PUBLIC level (of the configured capabilities, when given). */
export function anonymousViewer(caps?: Capabilities): Viewer {
  const level = caps ? caps.PUBLIC : VISITOR_LEVEL;
  return { kind: "anonymous", userId: null, level, roles: [], accessLevels: accessLevelsFor(level, caps) };
}

export function viewerFor(user: { id: string; level: number; roles: string[] }, caps: Capabilities = DEFAULT_CAPABILITIES): Viewer {
  return { kind: "user", userId: user.id, level: user.level, roles: user.roles, accessLevels: accessLevelsFor(user.level, caps) };
}

/**
 * Whom the harvesters (OAI-PMH, sitemaps, the feed, JSON-LD lists) publish for: nobody signed in, public records
 * only, whatever the configured capabilities say a visitor's level is.
 */
export const PUBLIC_VIEWER: Viewer = { kind: "anonymous", userId: null, level: 0, roles: [], accessLevels: [1] };
