import type { z } from "zod";
import { serviceContext, type TecaLoadContext } from "~/.server/context";
import { isRefusal } from "~/.server/access";
import { translate, type MessageKey } from "~/i18n";
import { LOCALES, type Locale } from "~/lib/locale";
import { AddAnnotationSchema, DeleteAnnotationSchema, ModerateAnnotationSchema, UpdateAnnotationSchema } from "./annotations";
import {
  addAnnotation,
  deleteAnnotation,
  getAnnotations,
  isAnnotationsRead,
  moderateAnnotation,
  updateAnnotation,
} from "./annotations.server";

/**
 * The registers feature's HTTP adapter (decision 090).
 *
 * The annotations' JSON calls (spec §7 names getAnnotations and isAnnotationsRead; decision 097 adds the writes):
 * POST with a JSON body, `locale` in it (the language of the answer's messages and of a new note). Bad input is a
 * 400 with the field's message in that language and changes nothing; what the caller may not see or do is a 404.
 */
const HEADERS = { "Cache-Control": "private, no-store" };

type Call = (context: TecaLoadContext, url: URL, raw: Record<string, unknown>, locale: Locale) => Promise<Response>;

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: HEADERS });

function invalid(error: z.ZodError, locale: Locale) {
  const first = error.issues[0];
  const key = first?.message.startsWith("annotations.") ? (first.message as MessageKey) : "annotations.error.invalid";
  const field = String(first?.path[0] ?? "");
  return json({ error: { code: 400, message: translate(locale, key), ...(field ? { field } : {}) } }, 400);
}

/**
 * What an action on a register's list did: `work`'s notice, or `gone` when what it acted on is no longer there or
 * out of reach (a 404 refusal: another manager, its owner, a second press), which the list then says.
 */
export async function orGone<K extends MessageKey>(work: Promise<K>, gone: K): Promise<K> {
  try {
    return await work;
  } catch (err) {
    if (isRefusal(err) && err.status === 404) return gone;
    throw err;
  }
}

/** The route action of a call: POST only, a JSON object body, refusals answered as `{error}` with their status. */
export async function annotationCall(args: { request: Request; context: TecaLoadContext; url: URL }, call: Call): Promise<Response> {
  if (args.request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  const raw: unknown = await args.request.json().catch(() => null);
  const body = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const locale = (LOCALES as readonly string[]).includes(String(body.locale)) ? (body.locale as Locale) : "it";
  try {
    return await call(args.context, args.url, body, locale);
  } catch (err) {
    if (isRefusal(err)) return json({ error: { code: err.status, message: translate(locale, err.messageKey as MessageKey) } }, err.status);
    throw err;
  }
}

const ctxOf = (context: TecaLoadContext, url: URL, locale: Locale) => ({ ...serviceContext(context, url), locale });
const address = (context: TecaLoadContext) => ({ address: context.auth?.address ?? "" });

/** getAnnotations {record?: {table, id}}: that record's notes the caller may see; without it, the caller's own notes. */
export const getAnnotationsCall: Call = async (context, url, raw, locale) => {
  const r = raw.record as { table?: unknown; id?: unknown } | undefined;
  const record = r && typeof r.table === "string" && typeof r.id === "string" ? { table: r.table, id: r.id } : null;
  if (r !== undefined && r !== null && !record)
    return json({ error: { code: 400, message: translate(locale, "annotations.error.invalid") } }, 400);
  return json({ data: await getAnnotations(ctxOf(context, url, locale), { record }) });
};

/** isAnnotationsRead {}: true when the caller (a curator) has read every note they may see; true for anyone else. */
export const isAnnotationsReadCall: Call = async (context, url, _raw, locale) =>
  json({ data: await isAnnotationsRead(ctxOf(context, url, locale)) });

/** addAnnotation {table, id, body, media?, region?, named?} → 201 with the note (pending). */
export const addAnnotationCall: Call = async (context, url, raw, locale) => {
  const input = AddAnnotationSchema.safeParse(raw);
  if (!input.success) return invalid(input.error, locale);
  return json({ data: await addAnnotation(ctxOf(context, url, locale), input.data) }, 201);
};

/** updateAnnotation {annotation, body, media?, region?, named?}: the author's own note, pending again. */
export const updateAnnotationCall: Call = async (context, url, raw, locale) => {
  const input = UpdateAnnotationSchema.safeParse(raw);
  if (!input.success) return invalid(input.error, locale);
  return json({ data: await updateAnnotation(ctxOf(context, url, locale), input.data) });
};

/** deleteAnnotation {annotation}: the author's own note, or any a curator may see. */
export const deleteAnnotationCall: Call = async (context, url, raw, locale) => {
  const input = DeleteAnnotationSchema.safeParse(raw);
  if (!input.success) return invalid(input.error, locale);
  await deleteAnnotation(ctxOf(context, url, locale), input.data, address(context));
  return json({ ok: true });
};

/** moderateAnnotation {annotation, decision: "approve" | "reject", reason?}: a curator's decision, audited. */
export const moderateAnnotationCall: Call = async (context, url, raw, locale) => {
  const input = ModerateAnnotationSchema.safeParse(raw);
  if (!input.success) return invalid(input.error, locale);
  return json({ data: await moderateAnnotation(ctxOf(context, url, locale), input.data, address(context)) });
};
