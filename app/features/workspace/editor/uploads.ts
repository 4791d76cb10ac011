import { z } from "~/lib/zod";

/**
 * Uploads' shapes (universal): the one pattern of an upload's address, which the moodboard and story schemas
 * accept and the server (uploads.server.ts, which re-exports these) stores and serves, and the calls' bodies.
 */

/** A stored upload's name: 24 random bytes in base64url and the WebP every upload is re-encoded to. */
export const UPLOAD_NAME = /^[A-Za-z0-9_-]{32}\.webp$/;
/** The same name as a pattern's source, to embed in longer patterns. */
export const UPLOAD_NAME_SOURCE = UPLOAD_NAME.source.slice(1, -1);
export const UPLOAD_PREFIX = "/uploads/";
/** An upload's address (same origin: the editors draw it on a canvas for the PNG export). */
export const UPLOAD_URL = new RegExp(`^/uploads/${UPLOAD_NAME_SOURCE}$`);

export const isUploadName = (name: string) => UPLOAD_NAME.test(name);
export const isUploadUrl = (url: string) => UPLOAD_URL.test(url);
export const uploadUrl = (storedName: string) => `${UPLOAD_PREFIX}${storedName}`;
/** The stored name in an upload's address. */
export const uploadNameOf = (url: string) => url.slice(UPLOAD_PREFIX.length);

/** An upload's id (a UUID, the `uploads` row). */
export const UploadIdSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "editor.upload.id");

/** removeDoc {collection: "uploads", name: id}: deletes one of the user's uploads (decision 067). */
export const RemoveUploadSchema = z.object({ collection: z.literal("uploads"), name: UploadIdSchema, locale: z.string().optional() });

/** getDocs {collection: "uploads"}: the user's uploads with where each is used, and their quota. */
export const GetUploadsSchema = z.object({
  collection: z.literal("uploads"),
  locale: z.string().optional(),
  pubblico: z.boolean().optional(),
});

/**
 * A moodboard or story of the owner's, or a content page (any administrator's: its id is the slug), that
 * shows an upload (an upload in use is not deleted).
 */
export type UploadUse = { type: "moodboards" | "stories" | "pages"; id: string; collectionId: string; title: string };

export type UploadListItem = {
  id: string;
  url: string;
  name: string;
  width: number;
  height: number;
  size: number;
  createdAt: string;
  uses: UploadUse[];
};

/** What the user has used of their upload quota. */
export type UploadQuota = { count: number; bytes: number; maxCount: number; maxBytes: number };

/** An item's address in the workspace (where an upload is used). */
export const useHref = (u: UploadUse) =>
  u.type === "pages" ? (u.id === "home" ? "/" : `/${u.id}`) : `/collections/${u.collectionId}/${u.type}/${u.id}`;

/** The upload addresses an HTML text shows (a content page's, a home section's). */
export const uploadUrlsIn = (html: string) => [...new Set(html.match(new RegExp(`${UPLOAD_PREFIX}${UPLOAD_NAME_SOURCE}`, "g")) ?? [])];

/** The message key naming a use ("moodboard «…»", "storia «…»", "pagina «…»"). */
export const useKey = (u: UploadUse) =>
  u.type === "moodboards"
    ? ("editor.upload.useMoodboard" as const)
    : u.type === "stories"
      ? ("editor.upload.useStory" as const)
      : ("editor.upload.usePage" as const);
