import type { Route } from "./+types/api-images";
import { z } from "zod";
import { serviceContext } from "~/.server/context";
import { isLocale } from "~/lib/locale";
import { searchImages } from "../site-edit.server";

/**
 * GET /api/auth/backend/site-edit/images?q=&locale=: the image picker's search over the catalogue's images
 * (decision 074). ADMIN: visitors get 401 from the guard, other users 404.
 */
const QuerySchema = z.object({ q: z.string().max(200).default(""), locale: z.string().optional() });

export async function loader({ context, url }: Route.LoaderArgs) {
  const parsed = QuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const headers = { "Cache-Control": "private, no-store" };
  if (!parsed.success) return Response.json({ error: { code: 400, message: "Bad Request" } }, { status: 400, headers });
  const locale = isLocale(parsed.data.locale) ? parsed.data.locale : "it";
  const images = await searchImages({ ...serviceContext(context, url), locale }, parsed.data.q);
  if (!images) return Response.json({ error: { code: 404, message: "Not Found" } }, { status: 404, headers });
  return Response.json({ images }, { headers });
}

export const handle = { capability: "ADMIN" };
