import type { z } from "zod";
import type { TecaLoadContext } from "~/.server/context";
import { translate, type MessageKey } from "~/i18n";
import { isLocale, type Locale } from "~/lib/locale";
import { UsersError, type UsersContext } from "./users.server";
import { fieldErrors } from "./users";

/**
 * What the `/api/auth/backend/*` user calls share (decision 042): the service context, the body (JSON or a
 * form, with the locale spec §7 adds to every body), answers that are never cached, and one mapping of the
 * services' refusals to statuses and translated messages.
 */

export const NO_STORE = { "Cache-Control": "private, no-store" } as const;

export const usersContext = (context: TecaLoadContext): UsersContext => ({
  database: context.database,
  viewer: context.viewer,
  address: context.auth?.address ?? "",
});

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

export function localeOf(body: Record<string, unknown> | null, url: URL): Locale {
  const l = body?.locale ?? url.searchParams.get("locale");
  return isLocale(l) ? l : "it";
}

export const ok = (body: unknown, status = 200) => Response.json(body, { status, headers: NO_STORE });

function fail(status: number, message: string, fields?: Record<string, string>) {
  return Response.json({ error: { code: status, message, ...(fields ? { fields } : {}) } }, { status, headers: NO_STORE });
}

/** 400 with each field's translated message: nothing was changed. */
export function invalid(locale: Locale, error: z.ZodError, headline: MessageKey = "users.error.invalidForm") {
  const fields = Object.fromEntries(Object.entries(fieldErrors(error)).map(([k, key]) => [k, translate(locale, key as MessageKey)]));
  return fail(400, translate(locale, headline), fields);
}

export const badJson = (locale: Locale) => fail(400, translate(locale, "error.badRequest"));

export const USERS_ERROR_KEYS: Record<UsersError["code"], MessageKey> = {
  forbidden: "error.notFound",
  notFound: "users.error.notFound",
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
  forbidden: 404,
  notFound: 404,
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
  if (!(err instanceof UsersError)) throw err;
  if (err.code === "forbidden" || err.code === "notFound") return fail(404, translate(locale, "error.notFound"));
  const message = translate(locale, USERS_ERROR_KEYS[err.code]);
  return fail(
    STATUS[err.code],
    creating ? translate(locale, "users.createFailed") : message,
    err.field ? { [err.field]: message } : undefined,
  );
}

export const methodNotAllowed = (allow: string) => new Response("Method Not Allowed", { status: 405, headers: { Allow: allow } });
