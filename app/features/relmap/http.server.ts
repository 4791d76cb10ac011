import type { TecaLoadContext } from "~/.server/context";
import { translate } from "~/i18n";
import { apiContext, fail, localeOf, ok, refusal } from "~/features/workspace/index.server";
import { firstMessage } from "~/features/workspace";
import type { MessageKey } from "~/i18n";
import { createMap, deleteMap, listMaps, saveMap } from "./maps.server";
import {
  GetMapsSchema,
  MapChangesSchema,
  MapContentSchema,
  RemoveMapDocSchema,
  type SavedMap,
  type SavedMapSummary,
  SaveMapDocSchema,
} from "./relmap";

/**
 * The saved maps' HTTP adapter (decision 111): `getMappe` and the document calls with `collection: "mappe"`
 * (saveDoc, removeDoc, getDocs), answered like the other workspace documents: JSON, never cached, another user's
 * map the 404 of a missing one, a stale save 409, bad input 400 naming what is wrong, in the body's language.
 */

export function mapJson(m: SavedMapSummary) {
  return {
    id: m.id,
    name: m.title,
    type: "mappe" as const,
    table: m.table,
    record: m.recordId,
    public: m.public,
    slug: m.public ? m.publishedSlug : null,
    version: m.version,
    date: Math.floor(Date.parse(m.createdAt) / 1000),
    updated: Math.floor(Date.parse(m.updatedAt) / 1000),
  };
}

export const mapFullJson = (m: SavedMap) => ({ ...mapJson(m), open: m.open, positions: m.positions });

type Body = Record<string, unknown> | null;

async function call(url: URL, body: Body, go: (locale: ReturnType<typeof localeOf>) => Promise<Response>) {
  const locale = localeOf(body, url);
  if (!body) return fail(400, translate(locale, "error.badRequest"));
  try {
    return await go(locale);
  } catch (err) {
    return refusal(err, locale);
  }
}

const invalid = (locale: ReturnType<typeof localeOf>, error: Parameters<typeof firstMessage>[0]) =>
  fail(400, translate(locale, firstMessage(error) as MessageKey));

/** getMappe {locale} (and getDocs {collection: "mappe"} on the auth call): the signed-in user's maps, newest first. */
export async function getMapsCall(context: TecaLoadContext, url: URL, body: Body, own = true): Promise<Response> {
  return call(url, body, async (locale) => {
    const input = GetMapsSchema.safeParse(body);
    if (!input.success) return invalid(locale, input.error);
    if (!own || context.viewer.kind !== "user") return ok({ data: [] });
    return ok({ data: (await listMaps(apiContext(context, locale))).map(mapJson) });
  });
}

/** saveDoc {collection: "mappe", name?, data}: creates (201) or changes one of the user's maps. */
export async function saveMapCall(context: TecaLoadContext, url: URL, body: Body): Promise<Response> {
  return call(url, body, async (locale) => {
    const input = SaveMapDocSchema.safeParse(body);
    if (!input.success) return invalid(locale, input.error);
    const ctx = apiContext(context, locale);
    if (!input.data.name) {
      const content = MapContentSchema.safeParse(input.data.data);
      if (!content.success) return invalid(locale, content.error);
      return ok({ data: mapFullJson(await createMap(ctx, content.data)) }, 201);
    }
    const changes = MapChangesSchema.safeParse(input.data.data);
    if (!changes.success) return invalid(locale, changes.error);
    return ok({ data: mapFullJson(await saveMap(ctx, input.data.name, changes.data)) });
  });
}

/** removeDoc {collection: "mappe", name}: deletes one of the user's maps. */
export async function removeMapCall(context: TecaLoadContext, url: URL, body: Body): Promise<Response> {
  return call(url, body, async (locale) => {
    const input = RemoveMapDocSchema.safeParse(body);
    if (!input.success) return invalid(locale, input.error);
    await deleteMap(apiContext(context, locale), input.data.name);
    return ok({ data: { id: input.data.name, removed: true } });
  });
}
