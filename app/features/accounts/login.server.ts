import type { ServiceContext } from "~/.server/context";
import { capabilities, clearedSessionCookie, sessionCookie, type AuthContext } from "~/.server/session";
import { getUser, signIn, signOut, type SignInResult } from "./accounts.server";
import { capabilitiesOf } from "./roles";
import { startSecondStep } from "./totp-login.server";

/**
 * What the login page and POST /api/public/login share: one sign-in, one cookie. `auth` is the request's session
 * and client (the load context's `auth`): the session it replaces, the address and user agent it records, and
 * whether its cookie is Secure.
 */
export async function loginWith(
  ctx: Pick<ServiceContext, "database">,
  auth: Pick<AuthContext, "sessionId" | "address" | "userAgent" | "secure"> | undefined,
  input: { email: string; password: string },
): Promise<{ result: SignInResult; setCookie?: string }> {
  const result = await signIn(ctx, {
    email: input.email,
    password: input.password,
    address: auth?.address ?? "",
    userAgent: auth?.userAgent ?? "",
    previousSessionId: auth?.sessionId ?? null,
  });
  // Password right, second factor due (decision 046): a half-signed-in state on the server, never a session.
  if (result.status === "second_factor") return { result, setCookie: await startSecondStep(ctx, auth, result) };
  if (result.status !== "ok") return { result };
  return { result, setCookie: sessionCookie(result.token, result.expiresAt, auth?.secure ?? false) };
}

/** Ends the request's session (`auth`) on the server; answers the Set-Cookie that clears it in the browser. */
export async function logoutOf(
  ctx: Pick<ServiceContext, "database" | "viewer">,
  auth: Pick<AuthContext, "sessionId" | "address" | "secure"> | undefined,
): Promise<string> {
  await signOut(ctx, auth?.sessionId ?? null, { userId: ctx.viewer.userId, address: auth?.address ?? "" });
  return clearedSessionCookie(auth?.secure ?? false);
}

export type Profile = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  level: number;
  sso: boolean;
  capabilities: string[];
};

/** The signed-in user as GET /api/auth/profile and the header show them, or null for a visitor. */
export async function currentProfile(ctx: Pick<ServiceContext, "database" | "viewer">): Promise<Profile | null> {
  if (ctx.viewer.kind !== "user" || !ctx.viewer.userId) return null;
  const u = await getUser(ctx, ctx.viewer.userId);
  if (!u) return null;
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    roles: u.roles,
    level: u.level,
    sso: u.sso,
    capabilities: capabilitiesOf(u.level, capabilities()),
  };
}
