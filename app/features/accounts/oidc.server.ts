import * as client from "openid-client";
import { eq, sql } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { ServiceContext } from "~/.server/context";
import { createSession, deleteSession, sessionCookie, type AuthContext } from "~/.server/session";
import { logger } from "~/.server/logger";
import { isLocale, localizePath, type Locale } from "~/lib/locale";
import { accountKey, audit, clearFailures } from "./accounts.server";
import { createPending, pendingToken, takePending, clearedPendingCookie } from "./pending-login.server";
import { loginTarget } from "./redirect";
import { levelOf, roleNamed, type RoleName } from "./roles";

/**
 * Single sign-on with OpenID Connect (decision 045, docs/accounts.md): authorization code with PKCE, state
 * and nonce, through `openid-client`. Configured from the environment, read at each request (so a test
 * can start its provider after the server), with the provider's metadata discovered once and cached.
 */

export type OidcSettings = {
  issuer: URL;
  clientId: string;
  clientSecret: string | null;
  /** The claim holding the roles; a dotted path reaches nested claims (`realm_access.roles`). */
  roleClaim: string;
  /** Claim value → Teca roles (a value may be repeated to give several roles). */
  roleMap: Map<string, RoleName[]>;
  /** The role of a user whose claims map to none; null: such a user is refused. */
  defaultRole: RoleName | null;
  label: string;
  /** The scopes asked for (OIDC_SCOPES, default "openid email profile"). */
  scopes: string;
  allowHttp: boolean;
};

export class OidcConfigError extends Error {
  override name = "OidcConfigError";
}

/** The button's label when single sign-on is configured (OIDC_ISSUER and OIDC_CLIENT_ID), else null. */
export function oidcLabel(env: NodeJS.ProcessEnv = process.env): string | null {
  if (!env.OIDC_ISSUER?.trim() || !env.OIDC_CLIENT_ID?.trim()) return null;
  return env.OIDC_LABEL?.trim().slice(0, 60) || "SSO";
}

/** The whole configuration; throws OidcConfigError when it is absent or wrong (unknown role, bad URL). */
export function oidcSettings(env: NodeJS.ProcessEnv = process.env): OidcSettings {
  const label = oidcLabel(env);
  if (!label) throw new OidcConfigError("single sign-on is not configured (OIDC_ISSUER, OIDC_CLIENT_ID)");
  let issuer: URL;
  try {
    issuer = new URL(env.OIDC_ISSUER!.trim());
  } catch {
    throw new OidcConfigError(`OIDC_ISSUER is not a URL: ${env.OIDC_ISSUER}`);
  }
  const allowHttp = env.OIDC_ALLOW_HTTP === "1";
  if (issuer.protocol !== "https:" && !(allowHttp && issuer.protocol === "http:"))
    throw new OidcConfigError("OIDC_ISSUER must be an https URL (OIDC_ALLOW_HTTP=1 allows http, for tests only)");
  const roleMap = new Map<string, RoleName[]>();
  for (const pair of (env.OIDC_ROLE_MAP ?? "").split(/[,\n]/)) {
    if (!pair.trim()) continue;
    const at = pair.lastIndexOf(":");
    const value = pair.slice(0, at).trim();
    const role = at > 0 ? roleNamed(pair.slice(at + 1).trim()) : null;
    if (!value || !role) throw new OidcConfigError(`OIDC_ROLE_MAP: "${pair.trim()}" is not "claim value:Teca role"`);
    roleMap.set(value, [...new Set([...(roleMap.get(value) ?? []), role])]);
  }
  const rawDefault = env.OIDC_DEFAULT_ROLE?.trim() ?? "Ricercatore";
  let defaultRole: RoleName | null = null;
  if (rawDefault && rawDefault.toLowerCase() !== "none") {
    defaultRole = roleNamed(rawDefault);
    if (!defaultRole) throw new OidcConfigError(`OIDC_DEFAULT_ROLE: unknown role "${rawDefault}"`);
  }
  return {
    issuer,
    clientId: env.OIDC_CLIENT_ID!.trim(),
    clientSecret: env.OIDC_CLIENT_SECRET?.trim() || null,
    roleClaim: env.OIDC_ROLE_CLAIM?.trim() || "roles",
    roleMap,
    defaultRole,
    label,
    scopes: env.OIDC_SCOPES?.trim() || "openid email profile",
    allowHttp,
  };
}

/** The Teca roles the claims give: every mapped value of the role claim, else the default role. */
export function rolesFromClaims(
  claims: Record<string, unknown>,
  settings: Pick<OidcSettings, "roleClaim" | "roleMap" | "defaultRole">,
): RoleName[] {
  let value: unknown = claims[settings.roleClaim];
  if (value === undefined && settings.roleClaim.includes(".")) {
    value = settings.roleClaim
      .split(".")
      .reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), claims);
  }
  const values = Array.isArray(value) ? value : typeof value === "string" ? value.split(/[\s,]+/) : [];
  const roles = new Set<RoleName>();
  for (const v of values) if (typeof v === "string") for (const r of settings.roleMap.get(v) ?? []) roles.add(r);
  if (roles.size === 0 && settings.defaultRole) roles.add(settings.defaultRole);
  return [...roles];
}

let discovered: { key: string; config: Promise<client.Configuration> } | null = null;

/** The provider's metadata, discovered once per configuration; a failed discovery is retried next time. */
async function configurationOf(settings: OidcSettings): Promise<client.Configuration> {
  const key = JSON.stringify([settings.issuer.href, settings.clientId, settings.clientSecret, settings.allowHttp]);
  if (discovered?.key !== key) {
    const config = client.discovery(
      settings.issuer,
      settings.clientId,
      settings.clientSecret ?? undefined,
      settings.clientSecret ? client.ClientSecretPost(settings.clientSecret) : client.None(),
      { execute: settings.allowHttp ? [client.allowInsecureRequests] : [], timeout: 10 },
    );
    discovered = { key, config };
    config.catch(() => {
      if (discovered?.config === config) discovered = null;
    });
  }
  return discovered.config;
}

/** Where the provider sends the browser back: PUBLIC_URL's origin, else the request's. */
export function callbackUrl(requestUrl: URL, publicUrl = process.env.PUBLIC_URL): string {
  let origin = requestUrl.origin;
  if (publicUrl) {
    try {
      origin = new URL(publicUrl).origin;
    } catch {
      /* the request's */
    }
  }
  return `${origin}/auth/oidc/callback`;
}

/** Why a sign-in did not happen, as the login page words it (`sso.<reason>`). */
export type OidcFailure = "denied" | "failed" | "unavailable" | "refused";

const PENDING_MS = 10 * 60_000;

/**
 * GET /auth/oidc/start: a new state, nonce and PKCE verifier kept on the server with where to go back,
 * and the provider's authorization URL to send the browser to. `auth` is the request's (the load context's
 * `auth`): whether its cookie is Secure.
 */
export async function startOidc(
  ctx: Pick<ServiceContext, "database">,
  auth: Pick<AuthContext, "secure"> | undefined,
  input: { requestUrl: URL; redirect: string | null; locale: Locale },
): Promise<{ status: "ok"; location: string; setCookie: string } | { status: "failed"; reason: OidcFailure }> {
  let settings: OidcSettings;
  let config: client.Configuration;
  try {
    settings = oidcSettings();
    config = await configurationOf(settings);
  } catch (err) {
    logger.error({ err: String(err) }, "single sign-on: the provider cannot be reached or the configuration is wrong");
    return { status: "failed", reason: "unavailable" };
  }
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const redirectUri = callbackUrl(input.requestUrl);
  const { setCookie } = await createPending(ctx, "oidc", {
    data: { state, nonce, verifier, redirectUri, redirect: loginTarget(input.redirect, input.locale), locale: input.locale },
    ttlMs: PENDING_MS,
    secure: auth?.secure ?? false,
  });
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: settings.scopes.includes("openid") ? settings.scopes : `openid ${settings.scopes}`,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
    ui_locales: input.locale,
  });
  return { status: "ok", location: url.href, setCookie };
}

export type OidcCallbackResult =
  | { status: "ok"; location: string; setCookies: string[]; userId: string }
  | { status: "failed"; reason: OidcFailure; locale: Locale; setCookies: string[] };

type Claims = Record<string, unknown>;
const str = (v: unknown, max = 200) => (typeof v === "string" ? v.trim().slice(0, max) : "");

/**
 * GET /auth/oidc/callback: the pending request taken once (its cookie cleared), the code exchanged with
 * the verifier, the state and the nonce checked, the user created or brought up to date from the claims,
 * a session opened exactly as a password sign-in opens one. `auth` is the request's session and client (the
 * load context's `auth`): the session it replaces, the address and user agent it records, whether its cookies
 * are Secure.
 */
export async function finishOidc(
  ctx: Pick<ServiceContext, "database">,
  auth: Pick<AuthContext, "sessionId" | "address" | "userAgent" | "secure"> | undefined,
  input: { requestUrl: URL; cookieHeader: string | null },
): Promise<OidcCallbackResult> {
  const { database } = ctx;
  const secure = auth?.secure ?? false;
  const address = auth?.address ?? "";
  const setCookies = [clearedPendingCookie("oidc", secure)];
  const pending = await takePending(ctx, "oidc", pendingToken(input.cookieHeader, "oidc", secure));
  const locale: Locale = isLocale(pending?.data.locale) ? pending.data.locale : "it";
  const fail = async (reason: OidcFailure, why: string, detail: Record<string, unknown> = {}): Promise<OidcCallbackResult> => {
    await audit(ctx, {
      event: "login_failed",
      actor: { userId: null, address },
      email: str(detail.email, 320),
      detail: { method: "sso", reason: why, ...detail },
    });
    logger.warn({ reason: why }, "single sign-on refused");
    return { status: "failed", reason, locale, setCookies };
  };
  if (!pending) return fail("failed", "no_pending_request");
  const providerError = input.requestUrl.searchParams.get("error");
  if (providerError) return fail(providerError === "access_denied" ? "denied" : "failed", `provider: ${providerError.slice(0, 60)}`);

  let settings: OidcSettings;
  let config: client.Configuration;
  try {
    settings = oidcSettings();
    config = await configurationOf(settings);
  } catch (err) {
    logger.error({ err: String(err) }, "single sign-on: the provider cannot be reached or the configuration is wrong");
    return fail("unavailable", "provider_unreachable");
  }
  let claims: Claims;
  try {
    const data = pending.data as { state: string; nonce: string; verifier: string; redirectUri: string };
    const current = new URL(data.redirectUri);
    current.search = input.requestUrl.search;
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: data.verifier,
      expectedState: data.state,
      expectedNonce: data.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) return fail("failed", "no_id_token");
    claims = { ...idClaims };
    // The profile and the roles usually come from the UserInfo endpoint; the ID token's subject binds them.
    if (tokens.access_token && config.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      claims = { ...info, ...idClaims, ...Object.fromEntries(Object.entries(info).filter(([k]) => !["sub", "iss", "aud"].includes(k))) };
    }
  } catch (err) {
    const e = err as { name?: string; code?: string; error?: string; message?: string };
    const unreachable =
      e.name === "TypeError" || e.name === "AbortError" || e.name === "TimeoutError" || /fetch failed|ECONNREFUSED/i.test(e.message ?? "");
    logger.warn({ err: `${e.name}: ${e.message}`, code: e.code }, "single sign-on: the provider's answer was not accepted");
    return fail(
      unreachable ? "unavailable" : "failed",
      unreachable ? "provider_unreachable" : `rejected: ${(e.code ?? e.error ?? e.name ?? "").slice(0, 60)}`,
    );
  }

  // The subject is unique per provider: stored with the provider's issuer identifier.
  const subject = `${config.serverMetadata().issuer} ${str(claims.sub, 255)}`;
  const email = str(claims.email, 320);
  const roles = rolesFromClaims(claims, settings);
  if (!str(claims.sub)) return fail("failed", "no_subject");
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return fail("refused", "no_email");
  // An address the provider says it has not verified is not one to take (it would block its owner here).
  if (claims.email_verified === false || claims.email_verified === "false") return fail("refused", "email_unverified", { email });
  if (roles.length === 0) return fail("refused", "no_role", { email });
  // Only an address the provider asserts as verified claims the shares waiting for it (issue 29 §5;
  // migration 0028): a provider that lets users type any address and leaves the claim out asserts nothing.
  const emailVerified = claims.email_verified === true || claims.email_verified === "true";
  const firstName = str(claims.given_name) || str(claims.name);
  const lastName = str(claims.family_name);

  const [existing] = await database.db
    .select({ id: users.id, disabled: users.disabled, email: users.email })
    .from(users)
    .where(eq(users.ssoSubject, subject));
  let userId: string;
  if (existing) {
    if (existing.disabled) return fail("refused", "disabled", { email });
    userId = existing.id;
    const changes = { firstName, lastName, roles, level: levelOf(roles), emailVerified, updatedAt: new Date(), lastLoginAt: new Date() };
    const [other] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()} and ${users.id} <> ${userId}`);
    // A new address taken by another account is not taken over: the old one stays.
    await database.db
      .update(users)
      .set(other ? changes : { ...changes, email })
      .where(eq(users.id, userId));
  } else {
    const [taken] = await database.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    // An account of this address made here (with a password) is never handed to the provider's user.
    if (taken) return fail("refused", "email_taken", { email });
    const [created] = await database.db
      .insert(users)
      .values({
        email,
        firstName,
        lastName,
        roles,
        level: levelOf(roles),
        sso: true,
        ssoSubject: subject,
        emailVerified,
        lastLoginAt: new Date(),
      })
      .returning({ id: users.id });
    userId = created!.id;
    await audit(ctx, {
      event: "user_created",
      actor: { userId: null, address },
      subjectId: userId,
      email,
      detail: { roles, method: "sso" },
    });
  }

  if (auth?.sessionId) await deleteSession(database, auth.sessionId);
  const session = await createSession(database, userId, { userAgent: auth?.userAgent ?? "", address });
  await clearFailures(ctx, accountKey(email));
  await audit(ctx, { event: "login", actor: { userId, address }, subjectId: userId, email, detail: { method: "sso", roles } });
  setCookies.push(sessionCookie(session.token, session.expiresAt, secure));
  return { status: "ok", location: String(pending.data.redirect ?? localizePath("/", locale)), setCookies, userId };
}

/** The login page the browser goes back to after a failure, saying why. */
export const loginWithError = (locale: Locale, reason: OidcFailure) => `${localizePath("/login", locale)}?sso_error=${reason}`;
