import type { TecaLoadContext } from "~/.server/context";
import { GetMoodboardsSchema, RemoveMoodboardSchema, SaveMoodboardSchema, type Moodboard, type MoodboardSummary } from "./moodboards";
import { createMoodboard, deleteMoodboard, listMoodboards, saveMoodboard } from "./moodboards.server";
import { apiContext, fail, invalid, localeOf, ok, refusal } from "./api-common.server";
import { translate } from "~/i18n";

/**
 * saveDoc, removeDoc and getDocs with `collection: "moodboards"` (spec §7; decision 063): the document calls
 * answer moodboards with the same service as the editor page. Another user's board is the 404 of a missing one.
 */

export function moodboardJson(m: MoodboardSummary) {
  return {
    id: m.id,
    name: m.title,
    type: "moodboards" as const,
    coll: m.collectionId,
    background: m.background,
    count: m.count,
    cover: m.cover,
    version: m.version,
    date: Math.floor(Date.parse(m.createdAt) / 1000),
    updated: Math.floor(Date.parse(m.updatedAt) / 1000),
  };
}

export function moodboardFullJson(m: Moodboard) {
  return { ...moodboardJson(m), colours: m.colours, items: m.items };
}

async function run(
  _context: TecaLoadContext,
  url: URL,
  body: Record<string, unknown> | null,
  go: (locale: ReturnType<typeof localeOf>) => Promise<Response>,
) {
  const locale = localeOf(body, url);
  try {
    return await go(locale);
  } catch (err) {
    return refusal(err, locale);
  }
}

export async function saveMoodboardCall(context: TecaLoadContext, url: URL, body: Record<string, unknown> | null) {
  return run(context, url, body, async (locale) => {
    const input = SaveMoodboardSchema.safeParse(body);
    if (!input.success) return invalid(locale, input.error);
    const ctx = apiContext(context, locale);
    const { coll, version, ...content } = input.data.data;
    if (!input.data.name) {
      if (!coll) return fail(400, translate(locale, "moodboard.error.collection"));
      return ok({ data: moodboardFullJson(await createMoodboard(ctx, coll, content)) }, 201);
    }
    return ok({ data: moodboardFullJson(await saveMoodboard(ctx, input.data.name, { ...content, version, coll })) });
  });
}

export async function removeMoodboardCall(context: TecaLoadContext, url: URL, body: Record<string, unknown> | null) {
  return run(context, url, body, async (locale) => {
    const input = RemoveMoodboardSchema.safeParse(body);
    if (!input.success) return invalid(locale, input.error);
    await deleteMoodboard(apiContext(context, locale), input.data.name);
    return ok({ data: { id: input.data.name, removed: true } });
  });
}

/** getDocs {collection: "moodboards", coll?}: on the auth call the signed-in user's own boards; moodboards are never published, so the public call lists none. */
export async function getMoodboardsCall(context: TecaLoadContext, url: URL, body: Record<string, unknown> | null, own: boolean) {
  return run(context, url, body, async (locale) => {
    const input = GetMoodboardsSchema.safeParse(body);
    if (!input.success) return invalid(locale, input.error);
    if (!own || context.viewer.kind !== "user") return ok({ data: [] });
    return ok({ data: (await listMoodboards(apiContext(context, locale), input.data.coll)).map(moodboardJson) });
  });
}
