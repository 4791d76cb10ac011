import type { TecaLoadContext } from "~/.server/context";
import { clearedSessionCookie, CSRF_COOKIE, cookieName, newToken, serializeCookie, sessionCookie } from "~/.server/session";
import { getUser, signIn, signOut, type SignInResult } from "./accounts.server";
import { capabilitiesOf } from "./roles";
import { capabilities } from "~/.server/session";
import { startSecondStep } from "./totp-login.server";

/** What the login page and POST /api/public/login share: one sign-in, one cookie. */
export async function loginWith(
  context: TecaLoadContext,
  input: { email: string; password: string },
): Promise<{ result: SignInResult; setCookie?: string }> {
  const auth = context.auth;
  const result = await signIn(
    { database: context.database },
    {
      email: input.email,
      password: input.password,
      address: auth?.address ?? "",
      userAgent: auth?.userAgent ?? "",
      previousSessionId: auth?.sessionId ?? null,
    },
  );
  // Password right, second factor due (decision 046): a half-signed-in state on the server, never a session.
  if (result.status === "second_factor") return { result, setCookie: await startSecondStep(context, result) };
  if (result.status !== "ok") return { result };
  return { result, setCookie: sessionCookie(result.token, result.expiresAt, auth?.secure ?? false) };
}

/** Ends the current session on the server; answers the Set-Cookie that clears it in the browser. */
export async function logoutOf(context: TecaLoadContext): Promise<string> {
  const auth = context.auth;
  await signOut({ database: context.database }, auth?.sessionId ?? null, { userId: context.viewer.userId, address: auth?.address ?? "" });
  return clearedSessionCookie(auth?.secure ?? false);
}

/** The form token of the login form: the CSRF cookie's value, or a new one with its Set-Cookie. */
export function formToken(context: TecaLoadContext): { token: string; setCookie?: string } {
  const auth = context.auth;
  if (auth?.csrfCookie && /^[\w-]{20,100}$/.test(auth.csrfCookie)) return { token: auth.csrfCookie };
  const token = newToken();
  const secure = auth?.secure ?? false;
  return { token, setCookie: serializeCookie(cookieName(CSRF_COOKIE, secure), token, { secure }) };
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
export async function currentProfile(context: TecaLoadContext): Promise<Profile | null> {
  if (context.viewer.kind !== "user" || !context.viewer.userId) return null;
  const u = await getUser({ database: context.database }, context.viewer.userId);
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
