import type { TecaLoadContext } from "~/.server/context";
import { removeSearchCall, saveSearchCall } from "~/features/saved-searches/index.server";
import { getMapsCall, removeMapCall, saveMapCall } from "~/features/relmap/index.server";
import { getStoriesCall, getStoryBySlugCall, removeStoryCall, saveStoryCall } from "~/features/stories/index.server";
import {
  getMoodboardsCall,
  getUploadsCall,
  readJson,
  removeMoodboardCall,
  removeUploadCall,
  saveMoodboardCall,
} from "~/features/workspace/index.server";

/**
 * The desk's HTTP adapter. The document calls (spec §7: saveDoc, removeDoc, getDocs, getDocBySlug) take a
 * body whose `collection` names the type of document. This is the one table from type to the call that
 * answers it; a type not in it (or no type) is the route's own, "collections", whose schema refuses any other.
 */

export type DocOp = "save" | "remove" | "get" | "bySlug";

/** A call on a parsed body (null: not a JSON object); `own` is true on /api/auth/docs/. */
export type DocHandler = (context: TecaLoadContext, url: URL, body: Record<string, unknown> | null, own: boolean) => Promise<Response>;

const DOC_TYPES: Record<string, Partial<Record<DocOp, DocHandler>>> = {
  searches: { save: saveSearchCall, remove: removeSearchCall },
  stories: { save: saveStoryCall, remove: removeStoryCall, get: getStoriesCall, bySlug: getStoryBySlugCall },
  moodboards: { save: saveMoodboardCall, remove: removeMoodboardCall, get: getMoodboardsCall },
  uploads: { remove: removeUploadCall, get: getUploadsCall },
  // saved relational maps (decision 111); getMappe lists them too
  mappe: { save: saveMapCall, remove: removeMapCall, get: getMapsCall },
};

/** Reads the body once and hands it to its type's call for `op`, else to `collections`. */
export async function docCall(
  op: DocOp,
  args: { request: Request; context: TecaLoadContext; url: URL },
  collections: DocHandler,
): Promise<Response> {
  const own = args.url.pathname.startsWith("/api/auth/");
  const body = await readJson(args.request);
  const type = body?.collection;
  const handler = (typeof type === "string" && Object.hasOwn(DOC_TYPES, type) ? DOC_TYPES[type]![op] : undefined) ?? collections;
  return handler(args.context, args.url, body, own);
}
