import { translate, type MessageKey } from "~/i18n";
import { serviceContext, type ServiceContext, type TecaLoadContext } from "~/.server/context";
import { filesOf, readFormLimited } from "~/.server/upload";
import { isLocale, type Locale } from "~/lib/locale";
import { BucaLookupSchema, DROPBOX_KINDS, dropboxLimits, TagsSchema, TargetSchema, type DropboxKind } from "./dropbox";
import { checkTags, DropboxError, stageFiles } from "./dropbox.server";

/**
 * The console's HTTP adapter: what its pages and JSON calls share (the service context), the drop box's upload
 * and look-ups, and their answers. The services' refusals (a viewer without the capability, a job or a staged
 * file not found) are answered by the route guard (app/.server/access/refusal.ts).
 */

/** What the console's routes share: the service context. */
export const consoleContext = (context: TecaLoadContext, url: URL) => serviceContext(context, url);

export const address = (context: TecaLoadContext) => context.auth?.address ?? "";

export const NO_STORE = { "Cache-Control": "private, no-store" } as const;

/**
 * One upload of the drop box, shared by the JSON endpoint (`POST /api/auth/backend/buca`) and the `/buca`
 * page's form: the multipart body read within the limits, the fields checked, the files staged. The answer
 * carries spec §5/§8's texts: 'Inserito con successo!', 'Superato limiti di file da caricare!' or 'Ci
 * dispiace, qualcosa è andato storto' (with the reason).
 */
export type DropboxOutcome =
  | { ok: true; status: 200; message: MessageKey; ids: string[]; unknownTags: string[] }
  | { ok: false; status: number; message: MessageKey; reason?: MessageKey; file?: string; unknownTags?: string[]; tags?: string };

/** Form fields a little over the files' own bytes (names, tags, boundaries). */
const FORM_OVERHEAD = 256 * 1024;

/**
 * `askUnknownTags` (the /buca page's form): words typed as tags that name no tag of the catalogue stop the
 * upload before anything is kept, and are named (issue 31 §2); the form sends them again with
 * `unknownTags=drop` once the uploader has chosen to go on without them. The JSON endpoint keeps its answer
 * (spec §7): the files are kept with the catalogue's tags, and the words left out are named in the answer.
 */
export async function dropboxUpload(
  request: Request,
  context: TecaLoadContext,
  url: URL,
  opts: { askUnknownTags?: boolean } = {},
): Promise<DropboxOutcome> {
  const limits = dropboxLimits();
  const form = await readFormLimited(request, limits.maxTotalBytes + FORM_OVERHEAD);
  if (form === null) return { ok: false, status: 413, message: "dropbox.limits" };
  if (form === "invalid") return { ok: false, status: 400, message: "dropbox.error", reason: "dropbox.error.form" };
  const kind = String(form.get("kind") ?? "");
  const target = TargetSchema.safeParse(String(form.get("target") ?? ""));
  const rawTags = form
    .getAll("tags")
    .flatMap((v) => (typeof v === "string" ? v.split(",") : []))
    .map((s) => s.trim())
    .filter(Boolean);
  const tags = TagsSchema.safeParse([...new Set(rawTags)]);
  if (!(DROPBOX_KINDS as readonly string[]).includes(kind))
    return { ok: false, status: 400, message: "dropbox.error", reason: "dropbox.error.kind" };
  if (!target.success) return { ok: false, status: 400, message: "dropbox.error", reason: "dropbox.error.target" };
  if (!tags.success) return { ok: false, status: 400, message: "dropbox.error", reason: "dropbox.error.tags" };
  const ctx = serviceContext(context, url);
  if (opts.askUnknownTags && form.get("unknownTags") !== "drop" && tags.data.length) {
    const { unknown } = await checkTags(ctx, tags.data);
    if (unknown.length) return { ok: false, status: 422, message: "dropbox.tagsUnknown", unknownTags: unknown, tags: tags.data.join(", ") };
  }
  const files = await filesOf(form, "files");
  try {
    const { ids, unknownTags } = await stageFiles(
      ctx,
      { kind: kind as DropboxKind, target: target.data, tags: tags.data, files },
      { limits, address: context.auth?.address ?? "" },
    );
    return { ok: true, status: 200, message: "dropbox.success", ids, unknownTags };
  } catch (err) {
    if (!(err instanceof DropboxError)) throw err;
    if (err.code === "limits") return { ok: false, status: 413, message: "dropbox.limits" };
    if (err.code === "empty") return { ok: false, status: 400, message: "dropbox.error", reason: "dropbox.error.empty" };
    if (err.code === "type") return { ok: false, status: 415, message: "dropbox.error", reason: "dropbox.error.type", file: err.file };
    return { ok: false, status: 404, message: "error.notFound" };
  }
}

export function outcomeJson(outcome: DropboxOutcome, locale: Locale) {
  const headers = { "Cache-Control": "private, no-store" };
  if (outcome.ok)
    return Response.json(
      {
        ok: true,
        message: translate(locale, outcome.message),
        ids: outcome.ids,
        ...(outcome.unknownTags.length
          ? { unknownTags: outcome.unknownTags, notice: translate(locale, "dropbox.tagsDropped", { tags: outcome.unknownTags.join(", ") }) }
          : {}),
      },
      { headers },
    );
  const reason = outcome.reason ? translate(locale, outcome.reason, { file: outcome.file ?? "" }) : undefined;
  return Response.json(
    { error: { code: outcome.status, message: translate(locale, outcome.message), ...(reason ? { reason } : {}) } },
    { status: outcome.status, headers },
  );
}

export function localeParam(value: unknown): Locale {
  return isLocale(value) ? value : "it";
}

/**
 * bucaSelect and bucaTags (spec §7): a JSON or form body {q?, locale} answered with the matches `find` gives,
 * 400 in the body's language for a bad body.
 */
export async function dropboxLookup(
  request: Request,
  context: TecaLoadContext,
  url: URL,
  find: (ctx: ServiceContext, q: string) => Promise<{ value: string; label: string }[]>,
): Promise<Response> {
  const headers = { "Cache-Control": "private, no-store" };
  let body: unknown = {};
  try {
    const type = request.headers.get("content-type") ?? "";
    body = type.includes("application/json") ? await request.json() : Object.fromEntries(await request.formData());
  } catch {
    body = null;
  }
  const input = BucaLookupSchema.safeParse(body ?? undefined);
  const asked = (body as { locale?: unknown } | null)?.locale;
  const locale: Locale = isLocale(asked) ? asked : "it";
  if (!input.success)
    return Response.json({ error: { code: 400, message: translate(locale, "error.badRequest") } }, { status: 400, headers });
  return Response.json({ items: await find({ ...serviceContext(context, url), locale }, input.data.q) }, { headers });
}
