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

