import { isRefusal } from "~/.server/access";
import type { TecaLoadContext } from "~/.server/context";
import { translate, type MessageKey } from "~/i18n";
import { apiContext, fail, localeOf, ok, refusal } from "~/features/workspace/index.server";
import { createStory, deleteStory, getOwnStory, getPublishedStory, listPublishedStories, listStories, updateStory } from "./stories.server";
import {
  GetStoriesSchema,
  GetStoryBySlugSchema,
  RemoveStorySchema,
  SaveStorySchema,
  shownBlock,
  StoryIdSchema,
  storyMessage,
  type StorySummary,
  type StoryView,
} from "./stories";

/**
 * The stories' HTTP adapter: their JSON calls on a parsed body (spec §7 names, `collection: "stories"`). The
 * document calls (saveDoc, removeDoc, getDocs, getDocBySlug) hand these bodies here (desk/http.server.ts).
 * Another user's story answers 404 exactly like a missing one; a stale save is 409 with a message offering
 * to reload.
 */

type Body = Record<string, unknown> | null;

/** A story for its owner: the private id, its collection, its blocks as stored (with the cards resolved). */
/** What a story's JSON and its summary's share: its ids, title, publication, version, cover and creation. */
function storyHead(s: StorySummary | StoryView) {
  return {
    id: s.id,
    coll: s.collectionId,
    name: s.title,
    type: "stories" as const,
    public: s.public,
    slug: s.public ? s.publishedSlug : null,
    version: s.version,
    cover: s.cover,
  };
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export function storyJson(s: StoryView) {
  return { ...storyHead(s), content: s.blocks, hidden: s.hidden, date: seconds(s.createdAt), updated: seconds(s.updatedAt) };
}

export function storySummaryJson(s: StorySummary) {
  return { ...storyHead(s), blocks: s.blockCount, date: seconds(s.createdAt) };
}

/** A published story for anyone: nothing that names its owner, its collection or its private id. */
export function publishedStoryJson(s: StoryView) {
  return {
    slug: s.publishedSlug,
    name: s.title,
    type: "stories" as const,
    cover: s.cover,
    publishedAt: s.publishedAt,
    content: s.blocks.filter(shownBlock),
    points: s.points,
    hidden: s.hidden,
  };
}

export const publishedStorySummaryJson = (s: StorySummary) => ({
  slug: s.publishedSlug,
  name: s.title,
  type: "stories" as const,
  cover: s.cover,
  publishedAt: s.publishedAt,
});

async function guarded(locale: Parameters<typeof refusal>[1], run: () => Promise<Response>) {
  try {
    return await run();
  } catch (err) {
    return refusal(err, locale);
  }
}

const invalid = (locale: ReturnType<typeof localeOf>, key: string) => fail(400, translate(locale, key as MessageKey));

export async function saveStoryCall(context: TecaLoadContext, url: URL, raw: Body): Promise<Response> {
  const locale = localeOf(raw, url);
  const input = SaveStorySchema.safeParse(raw);
  if (!input.success) return invalid(locale, storyMessage(input.error));
  const { name, data } = input.data;
  const ctx = apiContext(context, locale);
  return guarded(locale, async () => {
    if (!name) {
      if (!data.coll) return invalid(locale, "workspace.error.id");
      if (!data.title) return invalid(locale, "workspace.error.title");
      const made = await createStory(ctx, data.coll, { title: data.title, blocks: data.blocks });
      const story = data.public ? await updateStory(ctx, made.id, { public: true }) : made;
      return ok({ data: storyJson(story) }, 201);
    }
    // Rewriting the title or the blocks needs the version they were read at (no silent overwrite).
    if ((data.title !== undefined || data.blocks !== undefined) && data.version === undefined)
      return invalid(locale, "stories.error.version");
    return ok({
      data: storyJson(await updateStory(ctx, name, { title: data.title, blocks: data.blocks, version: data.version, public: data.public })),
    });
  });
}

export async function removeStoryCall(context: TecaLoadContext, url: URL, raw: Body): Promise<Response> {
  const locale = localeOf(raw, url);
  const input = RemoveStorySchema.safeParse(raw);
  if (!input.success) return invalid(locale, storyMessage(input.error));
  return guarded(locale, async () => {
    await deleteStory(apiContext(context, locale), input.data.name);
    return ok({ data: { id: input.data.name, removed: true } });
  });
}

/** getDocs: published stories; with `pubblico: false` on the auth call, the user's own (of `coll` if given). */
export async function getStoriesCall(context: TecaLoadContext, url: URL, raw: Body, own: boolean): Promise<Response> {
  const locale = localeOf(raw, url);
  const input = GetStoriesSchema.safeParse(raw);
  if (!input.success) return invalid(locale, storyMessage(input.error));
  const ctx = apiContext(context, locale);
  return guarded(locale, async () => {
    if (own && input.data.pubblico === false) return ok({ data: (await listStories(ctx, input.data.coll)).map(storySummaryJson) });
    return ok({ data: (await listPublishedStories(ctx)).map(publishedStorySummaryJson) });
  });
}

/** getDocBySlug: a published story by its slug; on the auth call the user's own by id as well. */
export async function getStoryBySlugCall(context: TecaLoadContext, url: URL, raw: Body, own: boolean): Promise<Response> {
  const locale = localeOf(raw, url);
  const input = GetStoryBySlugSchema.safeParse(raw);
  if (!input.success) return invalid(locale, storyMessage(input.error));
  const ctx = apiContext(context, locale);
  return guarded(locale, async () => {
    if (own && StoryIdSchema.safeParse(input.data.slug).success) {
      try {
        return ok({ data: storyJson(await getOwnStory(ctx, input.data.slug)) });
      } catch (err) {
        // not theirs (or not there): perhaps a published one by that slug
        if (!isRefusal(err) || err.status !== 404) throw err;
      }
    }
    return ok({ data: publishedStoryJson(await getPublishedStory(ctx, input.data.slug)) });
  });
}
