import type { Route } from "./+types/api-getHomeStories";
import { z } from "zod";
import { apiContext, methodNotAllowed, ok, parsedCall, readJson } from "~/features/workspace/index.server";
import { getHomeStories } from "../home.server";

export const handle = { capability: "PUBLIC" };

const GetHomeStoriesSchema = z.object({ locale: z.string().max(10).optional() }).strict();

/**
 * POST /api/auth/firebase/getHomeStories {locale?} (spec §7, decision 116): the published stories the home page
 * of that language shows, in order — `{data: [{slug, name, type: "stories", cover, publishedAt}]}`, as the
 * public document calls answer a published story. Anyone may ask (the home page is public); a story withdrawn
 * since it was chosen is not listed. A body that is not a JSON object, or has other fields: 400.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const body = await readJson(request);
  return parsedCall(body, url, GetHomeStoriesSchema, async (_input, locale) => {
    const stories = await getHomeStories(apiContext(context, locale));
    return ok({
      data: stories.map((s) => ({ slug: s.slug, name: s.title, type: "stories" as const, cover: s.cover, publishedAt: s.publishedAt })),
    });
  });
}

export const loader = methodNotAllowed;
