import type { Route } from "./+types/api-getImages";
import { GetImagesSchema } from "~/components/editor/images-schema";
import { pickerImages } from "../editor/images.server";
import { apiContext, jsonCall, methodNotAllowed, ok } from "../http.server";

export const handle = { capability: "PRIVATE" };

/**
 * POST /api/auth/docs/getImages {locale, source: collections|catalogue|uploads, q, page}: the editors' image
 * picker — the images of the user's own collections, of the catalogue, or the user's uploads, only those the
 * viewer may see; `{data: {images, more}}`.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  return jsonCall(request, url, GetImagesSchema, async (input, locale) =>
    ok({ data: await pickerImages(apiContext(context, locale), input) }),
  );
}

export const loader = methodNotAllowed;
