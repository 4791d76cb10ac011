import { z } from "~/lib/zod";
import { CollectionIdSchema, ItemRefSchema, TitleSchema } from "./workspace";
import { UPLOAD_NAME_SOURCE } from "./editor/uploads";

/**
 * Moodboards' shapes (issue 15 §3, decision 063), universal: the editor and the server validate the same
 * document. A board is a fixed logical canvas (CANVAS) of images, each with its geometry (spec §3 "Editor
 * items": x, y, width, height, rotate, zIndex, url), plus colour swatches and a background.
 */

export const CANVAS = { width: 1200, height: 800 } as const;
export const MAX_COLOURS = 12;

export const MoodboardIdSchema = z.string().regex(/^[A-Za-z0-9_-]{12}$/, "workspace.error.id");
export const HexSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, "moodboard.error.colour");

/** A same-origin image address: a catalogue image (/media/…) or an upload (/uploads/…); nothing else is drawn. */
export const ImageUrlSchema = z
  .string()
  .max(400, "moodboard.error.items")
  .regex(new RegExp(`^/(?:media/(?:[A-Za-z0-9_.-]+/)*[A-Za-z0-9_.-]+|uploads/${UPLOAD_NAME_SOURCE})$`), "moodboard.error.items")
  .refine((u) => !u.split("/").some((s) => s === "." || s === ".."), "moodboard.error.items");

const coord = z.number().finite().min(-5000, "moodboard.error.items").max(5000, "moodboard.error.items");
const size = z.number().finite().min(8, "moodboard.error.items").max(5000, "moodboard.error.items");

export const MoodboardItemSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,24}$/, "moodboard.error.items"),
    url: ImageUrlSchema,
    /** The catalogue record the image comes from; absent for an upload. */
    ref: ItemRefSchema.optional(),
    title: z.string().max(300, "moodboard.error.items").default(""),
    x: coord,
    y: coord,
    width: size,
    height: size,
    rotate: z.number().finite().min(-360, "moodboard.error.items").max(360, "moodboard.error.items"),
    zIndex: z.number().int().min(0, "moodboard.error.items").max(10_000, "moodboard.error.items"),
  })
  .strict();
export type MoodboardItem = z.infer<typeof MoodboardItemSchema>;

/** At most MOODBOARD_MAX_ITEMS (the server's limit, default 100) images; this bound only stops absurd bodies. */
export const MoodboardItemsSchema = z.array(MoodboardItemSchema).max(1000, "workspace.error.tooMany");

export const MoodboardContentSchema = z.object({
  title: TitleSchema,
  background: HexSchema.default("#ffffff"),
  colours: z.array(HexSchema).max(MAX_COLOURS, "moodboard.error.colours").default([]),
  items: MoodboardItemsSchema.default([]),
});
export type MoodboardContent = z.infer<typeof MoodboardContentSchema>;

/**
 * saveDoc {collection: "moodboards", locale, name?, data}: without `name` creates one in `data.coll`; with
 * it saves the whole board, carrying the `version` read (a stale one is 409).
 */
export const SaveMoodboardSchema = z.object({
  collection: z.literal("moodboards"),
  locale: z.string().optional(),
  name: MoodboardIdSchema.optional(),
  data: MoodboardContentSchema.extend({ coll: CollectionIdSchema.optional(), version: z.number().int().min(1).optional() }).strict(),
});

export const RemoveMoodboardSchema = z.object({
  collection: z.literal("moodboards"),
  name: MoodboardIdSchema,
  locale: z.string().optional(),
});

export const GetMoodboardsSchema = z.object({
  collection: z.literal("moodboards"),
  coll: CollectionIdSchema.optional(),
  locale: z.string().optional(),
  pubblico: z.boolean().optional(),
});

export type MoodboardSummary = {
  id: string;
  collectionId: string;
  title: string;
  background: string;
  count: number;
  cover: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
};
export type Moodboard = MoodboardSummary & MoodboardContent;

/** The next free z-index (items are drawn in zIndex order). */
export const topZ = (items: { zIndex: number }[]) => items.reduce((m, i) => Math.max(m, i.zIndex), -1) + 1;
