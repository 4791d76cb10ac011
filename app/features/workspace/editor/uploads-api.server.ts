import type { TecaLoadContext } from "~/.server/context";
import { translate } from "~/i18n";
import type { Locale } from "~/lib/locale";
import { apiContext, fail, invalid, localeOf, ok } from "../api-common.server";
import { deleteUpload, listUploadsWithUses, UploadError } from "./uploads.server";
import { GetUploadsSchema, RemoveUploadSchema, useKey, type UploadUse } from "./uploads";

/**
 * The uploads as documents of the spec's calls (decision 067): `removeDoc {collection: "uploads", name: id}`
 * deletes one (another user's id: the 404 of a missing one; in use: 409 naming where), `getDocs {collection:
 * "uploads"}` lists the signed-in user's own with where each is used and the quota.
 */

/** Where an upload is used, in a sentence: «Title» (moodboard), «Title» (story)… */
export function usesText(locale: Locale, uses: UploadUse[]) {
  const where = uses.map((u) => translate(locale, useKey(u), { title: u.title })).join(", ");
  return translate(locale, "editor.upload.inUse", { where });
}

/** An upload refusal as the calls answer it. */
export function uploadRefusal(err: unknown, locale: Locale): Response {
  if (!(err instanceof UploadError)) throw err;
  if (err.code === "inUse") {
    return Response.json(
      {
        error: {
          code: 409,
          message: usesText(locale, err.uses),
          reason: "inUse",
          uses: err.uses.map((u) => ({ type: u.type, id: u.id, coll: u.collectionId, name: u.title })),
        },
      },
      { status: 409, headers: { "Cache-Control": "private, no-store" } },
    );
  }
  return fail(404, translate(locale, "error.notFound"));
}

export async function removeUploadCall(context: TecaLoadContext, url: URL, body: Record<string, unknown> | null): Promise<Response> {
  const locale = localeOf(body, url);
  const input = RemoveUploadSchema.safeParse(body);
  if (!input.success) return invalid(locale, input.error);
  try {
    await deleteUpload(apiContext(context, locale), input.data.name);
    return ok({ data: { id: input.data.name, removed: true } });
  } catch (err) {
    return uploadRefusal(err, locale);
  }
}

export async function getUploadsCall(
  context: TecaLoadContext,
  url: URL,
  body: Record<string, unknown> | null,
  own: boolean,
): Promise<Response> {
  const locale = localeOf(body, url);
  const input = GetUploadsSchema.safeParse(body);
  if (!input.success) return invalid(locale, input.error);
  // Uploads are never published as documents: the public call lists none.
  if (!own || context.viewer.kind !== "user") return ok({ data: [] });
  const { uploads, quota } = await listUploadsWithUses(apiContext(context, locale));
  return ok({
    data: uploads.map((u) => ({
      id: u.id,
      url: u.url,
      name: u.name,
      width: u.width,
      height: u.height,
      size: u.size,
      date: Math.floor(Date.parse(u.createdAt) / 1000),
      uses: u.uses.map((x) => ({ type: x.type, id: x.id, coll: x.collectionId, name: x.title })),
    })),
    quota,
  });
}
