import type { TecaLoadContext } from "~/.server/context";
import { translate, type MessageKey } from "~/i18n";
import { isLocale, type Locale } from "~/lib/locale";

/** What the reset and password routes share: reading a JSON or form body, the site's origin, JSON answers. */

/**
 * The origin reset links point to, as the server worked it out (server/guard.ts mailLinkOrigin): PUBLIC_URL,
 * else the request's own when its host and port are allowed; null when no link may be mailed.
 */
export const linkOrigin = (context: TecaLoadContext): string | null => context.auth?.linkOrigin?.() ?? null;

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

export const localeOf = (fields: Record<string, string> | null): Locale => (isLocale(fields?.locale) ? (fields!.locale as Locale) : "it");

const NO_STORE = { "Cache-Control": "no-store" };

export const jsonMessage = (locale: Locale, key: MessageKey, init: { status?: number; headers?: Record<string, string> } = {}) =>
  Response.json({ message: translate(locale, key) }, { status: init.status ?? 200, headers: { ...NO_STORE, ...init.headers } });

export const jsonFailure = (
  locale: Locale,
  status: number,
  key: MessageKey,
  headers: Record<string, string> = {},
  params?: Record<string, number>,
) => Response.json({ error: { code: status, message: translate(locale, key, params) } }, { status, headers: { ...NO_STORE, ...headers } });

export const methodNotAllowed = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });

export const clientOf = (context: TecaLoadContext) => ({ address: context.auth?.address ?? "", userAgent: context.auth?.userAgent ?? "" });
