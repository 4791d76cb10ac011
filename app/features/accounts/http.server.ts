import type { z } from "zod";
import { isRefusal } from "~/.server/access";
import type { TecaLoadContext } from "~/.server/context";
import { logger } from "~/.server/logger";
import { CSRF_COOKIE, cookieName, newToken, serializeCookie } from "~/.server/session";
import { translate, type MessageKey } from "~/i18n";
import { isLocale, type Locale } from "~/lib/locale";
import { BOT_CHECK_MESSAGES } from "./bot-check";
import { botTokenOf, verifyBotToken } from "./bot-check.server";
import { UsersError, type UsersContext } from "./users.server";
import { fieldErrors } from "./users";

/**
 * The accounts feature's HTTP adapter: what its routes share to read a request and answer it. The users calls
 * (`/api/auth/backend/*`, decision 042), the reset and password calls and pages, the bot check a sign-in or
 * a reset request runs first, and the form token of the pages' forms.
 */

// ── Reading a request ─────────────────────────────────────────────────────────────────────────────────

/** The client behind the request, as the server worked it out (server/app.ts). */
export const clientOf = (context: TecaLoadContext) => ({ address: context.auth?.address ?? "", userAgent: context.auth?.userAgent ?? "" });

/**
 * The origin reset links point to, as the server worked it out (server/guard.ts mailLinkOrigin): PUBLIC_URL,
 * else the request's own when its host and port are allowed; null when no link may be mailed.
 */
export const linkOrigin = (context: TecaLoadContext): string | null => context.auth?.linkOrigin?.() ?? null;

/**
 * The form token a page puts in its forms (decision 040): the request's CSRF cookie's value, or a new one with
 * the Set-Cookie that stores it.
 */
export function formToken(context: TecaLoadContext): { token: string; setCookie?: string } {
  const auth = context.auth;
  if (auth?.csrfCookie && /^[\w-]{20,100}$/.test(auth.csrfCookie)) return { token: auth.csrfCookie };
  const token = newToken();
  const secure = auth?.secure ?? false;
  return { token, setCookie: serializeCookie(cookieName(CSRF_COOKIE, secure), token, { secure }) };
}

/** The users calls' service context: the request's database and viewer, and the client's address for the audit log. */
export const usersContext = (context: TecaLoadContext): UsersContext => ({
  database: context.database,
  viewer: context.viewer,
  address: context.auth?.address ?? "",
});

/**
 * A users call's body, JSON or a form (with the locale spec §7 adds to every body): a form's `roles` as a list,
 * its `disabled` as a boolean; null when it cannot be read.
 */
export async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.includes("application/json")) {
      const body = (await request.json()) as unknown;
      return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    }
    const form = await request.formData();
    const out: Record<string, unknown> = {};
    for (const key of new Set(form.keys())) {
      const all = form.getAll(key).map(String);
      out[key] = key === "roles" ? all : all[0];
    }
    if (typeof out.disabled === "string") out.disabled = out.disabled === "true" || out.disabled === "on";
    return out;
  } catch {
    return null;
  }
}

/** A JSON body or a form post as a record of strings; null when it cannot be read. */
export async function readFields(request: Request): Promise<Record<string, string> | null> {
  const type = request.headers.get("content-type") ?? "";
  try {
    const raw = type.includes("application/json") ? ((await request.json()) as unknown) : Object.fromEntries(await request.formData());
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) if (typeof v === "string") out[k] = v.slice(0, 2048);
    return out;
  } catch {
    return null;
  }
}

/** The body's `locale`, else (the users calls' GETs) the address's `?locale=`, else Italian. */
export function localeOf(body: Record<string, unknown> | null, url?: URL): Locale {
  const l = body?.locale ?? url?.searchParams.get("locale");
  return isLocale(l) ? l : "it";
}

/**
 * The check a route runs first: null when the request may go on, else the message key to answer with
 * (status 400). Nothing else has happened yet, and nothing is recorded.
 */
export async function botCheckRefusal(
  context: TecaLoadContext,
  body: Record<string, unknown> | FormData,
): Promise<(typeof BOT_CHECK_MESSAGES)[keyof typeof BOT_CHECK_MESSAGES] | null> {
  const result = await verifyBotToken({ database: context.database }, botTokenOf(body), { address: context.auth?.address ?? "" });
  if (result.ok) return null;
  logger.info({ reason: result.reason }, "bot check refused a request");
  return BOT_CHECK_MESSAGES[result.reason];
}

// ── Answers ───────────────────────────────────────────────────────────────────────────────────────────

/** A signed-in user's answers (the users calls) are never cached, anywhere. */
const PRIVATE_NO_STORE = { "Cache-Control": "private, no-store" } as const;
/** The reset and password calls' answers are never stored. */
const NO_STORE = { "Cache-Control": "no-store" };

export const methodNotAllowed = (allow = "POST") => new Response("Method Not Allowed", { status: 405, headers: { Allow: allow } });

// The users calls: `{ … }` or `{ error: { code, message, fields? } }`, never cached.

export const ok = (body: unknown, status = 200) => Response.json(body, { status, headers: PRIVATE_NO_STORE });

function fail(status: number, message: string, fields?: Record<string, string>) {
  return Response.json({ error: { code: status, message, ...(fields ? { fields } : {}) } }, { status, headers: PRIVATE_NO_STORE });
}

/** 400 with each field's translated message: nothing was changed. */
export function invalid(locale: Locale, error: z.ZodError, headline: MessageKey = "users.error.invalidForm") {
  const fields = Object.fromEntries(Object.entries(fieldErrors(error)).map(([k, key]) => [k, translate(locale, key as MessageKey)]));
  return fail(400, translate(locale, headline), fields);
}

export const badJson = (locale: Locale) => fail(400, translate(locale, "error.badRequest"));

export const USERS_ERROR_KEYS: Record<UsersError["code"], MessageKey> = {
  exists: "users.error.exists",
  self: "users.error.self",
  lastAdmin: "users.error.lastAdmin",
  adminOnly: "users.error.adminOnly",
  password: "password.invalid",
  sso: "users.error.sso",
  disabled: "users.error.disabled",
  origin: "users.error.origin",
};

const STATUS: Record<UsersError["code"], number> = {
  exists: 409,
  self: 409,
  lastAdmin: 409,
  adminOnly: 403,
  password: 400,
  sso: 409,
  disabled: 409,
  origin: 409,
};

/** A service's refusal as JSON; `creating` heads it with spec §8's 'Impossibile creare l'utenza'. Other errors are rethrown. */
export function refusal(err: unknown, locale: Locale, creating = false): Response {
  // not found, or not for this viewer (the access policy's refusal): 404 in the body's language
  if (isRefusal(err)) return fail(404, translate(locale, "error.notFound"));
  if (!(err instanceof UsersError)) throw err;
  const message = translate(locale, USERS_ERROR_KEYS[err.code]);
  return fail(
    STATUS[err.code],
    creating ? translate(locale, "users.createFailed") : message,
    err.field ? { [err.field]: message } : undefined,
  );
}

// The reset and password calls: `{ message }` or `{ error: { code, message } }`, never stored.

export const jsonMessage = (locale: Locale, key: MessageKey, init: { status?: number; headers?: Record<string, string> } = {}) =>
  Response.json({ message: translate(locale, key) }, { status: init.status ?? 200, headers: { ...NO_STORE, ...init.headers } });

export const jsonFailure = (
  locale: Locale,
  status: number,
  key: MessageKey,
  headers: Record<string, string> = {},
  params?: Record<string, number>,
) => Response.json({ error: { code: status, message: translate(locale, key, params) } }, { status, headers: { ...NO_STORE, ...headers } });
