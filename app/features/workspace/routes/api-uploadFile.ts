import type { Route } from "./+types/api-uploadFile";
import { isRefusal } from "~/.server/access";
import { translate } from "~/i18n";
import { filesOf, readFormLimited } from "~/.server/upload";
import { saveUploads, uploadLimits, UploadError } from "../editor/uploads.server";
import { apiContext, fail, localeOf, methodNotAllowed, ok } from "../http.server";

export const handle = { capability: "PRIVATE" };

/**
 * POST /api/auth/docs/uploadFile (spec §7), multipart: `file` (one or more images), `name`, `locale`; answers
 * `{url, urls, data}` (201). By content TIFF, JPEG or PNG, re-encoded, kept for the signed-in user only;
 * over a limit nothing is kept: 'Superato limiti di file da caricare!' (413), the user's quota (409).
 */
/** Users with an upload being read or re-encoded in this process: one at a time each bounds the memory one user can hold. */
const inFlight = new Set<string>();

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = context.viewer.kind === "user" ? context.viewer.userId : null;
  if (user && inFlight.has(user)) return fail(429, translate(localeOf(null, url), "editor.upload.busy"));
  if (user) inFlight.add(user);
  try {
    return await upload({ request, context, url });
  } finally {
    if (user) inFlight.delete(user);
  }
}

async function upload({ request, context, url }: Pick<Route.ActionArgs, "request" | "context" | "url">) {
  const limits = uploadLimits();
  // The body is read with a bound: the request's files and their multipart framing.
  const form = await readFormLimited(request, limits.maxFiles * limits.maxFileBytes + 64 * 1024);
  const locale = localeOf(form && form !== "invalid" ? { locale: form.get("locale") } : null, url);
  if (form === null) return fail(413, translate(locale, "editor.upload.limits"));
  if (form === "invalid") return fail(400, translate(locale, "editor.upload.empty"));
  try {
    const saved = await saveUploads(apiContext(context, locale), await filesOf(form, "file"), { limits });
    return ok({ url: saved[0]!.url, urls: saved.map((s) => s.url), data: saved }, 201);
  } catch (err) {
    if (isRefusal(err)) return fail(404, translate(locale, "error.notFound"));
    if (!(err instanceof UploadError)) throw err;
    if (err.code === "limits") return fail(413, translate(locale, "editor.upload.limits"));
    if (err.code === "quota") return fail(409, translate(locale, "editor.upload.quota", err.params));
    if (err.code === "type") return fail(400, translate(locale, "editor.upload.type", err.params));
    if (err.code === "empty") return fail(400, translate(locale, "editor.upload.empty"));
    return fail(404, translate(locale, "error.notFound"));
  }
}

export const loader = methodNotAllowed;
