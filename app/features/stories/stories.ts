import { z } from "~/lib/zod";
import { CollectionIdSchema, ItemRefSchema, TitleSchema, type ItemRef } from "~/features/workspace";
import type { RecordCard } from "~/lib/record-types";
import { UPLOAD_URL } from "~/features/workspace";

/**
 * Stories' shapes (issue 15 §3, decision 064): the content blocks, the saveDoc/removeDoc/getDocs/getDocBySlug
 * bodies for `collection: "stories"`. Messages are keys (`stories.error.*`, `workspace.error.*`).
 */

export const MAX_BLOCKS = 100;
export const MAX_HTML = 20_000;

/** A story's id (its private address), like a collection's: 12 characters of base64url. */
export const StoryIdSchema = z.string().regex(/^[A-Za-z0-9_-]{12}$/, "stories.error.id");
export const StorySlugSchema = z.string().regex(/^[a-z0-9-]{1,80}$/, "stories.error.id");

const blockId = z.string().regex(/^[A-Za-z0-9_-]{1,24}$/, "stories.error.block");
const line = (max: number) =>
  z
    .string()
    .max(max, "stories.error.tooLong")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters in a text are refused on purpose
    .refine((s) => !/[\u0000-\u0008\u000b-\u001f\u007f]/.test(s), "stories.error.block");

export const HeadingBlockSchema = z
  .object({ id: blockId, type: z.literal("heading"), text: line(200).pipe(z.string().trim().min(1, "stories.error.emptyHeading")) })
  .strict();
/** Rich text from the editor: sanitised on the server before it is stored, and again when it is shown. */
export const TextBlockSchema = z
  .object({ id: blockId, type: z.literal("text"), html: z.string().max(MAX_HTML, "stories.error.tooLong") })
  .strict();
/** One of the writer's uploads (app/features/workspace/editor/uploads.server.ts names them so). */
export const UploadUrlSchema = z.string().regex(UPLOAD_URL, "stories.error.block");
/** An image: a catalogue record's picture (`record`) or one of the writer's uploads (`url`), never both. */
export const ImageBlockSchema = z
  .object({
    id: blockId,
    type: z.literal("image"),
    record: ItemRefSchema.optional(),
    url: UploadUrlSchema.optional(),
    caption: line(300).default(""),
    credit: line(200).default(""),
    alt: line(300).default(""),
  })
  .strict()
  .refine((b) => (b.record === undefined) !== (b.url === undefined), "stories.error.block");
export const RecordBlockSchema = z.object({ id: blockId, type: z.literal("record"), record: ItemRefSchema }).strict();
export const QuoteBlockSchema = z
  .object({
    id: blockId,
    type: z.literal("quote"),
    text: line(1000).pipe(z.string().trim().min(1, "stories.error.emptyQuote")),
    cite: line(200).default(""),
  })
  .strict();
/** A map of the story's records (those of its image and record blocks) that have a place. */
export const MapBlockSchema = z.object({ id: blockId, type: z.literal("map") }).strict();

export const BlockSchema = z.union(
  [HeadingBlockSchema, TextBlockSchema, ImageBlockSchema, RecordBlockSchema, QuoteBlockSchema, MapBlockSchema],
  {
    message: "stories.error.block",
  },
);
export type Block = z.infer<typeof BlockSchema>;
export type BlockType = Block["type"];
export const BLOCK_TYPES: BlockType[] = ["heading", "text", "image", "record", "quote", "map"];

export const BlocksSchema = z
  .array(BlockSchema)
  .max(MAX_BLOCKS, "stories.error.tooManyBlocks")
  .refine((bs) => new Set(bs.map((b) => b.id)).size === bs.length, "stories.error.block");

/**
 * saveDoc {collection: "stories", name?, data}: without `name` it creates a story in the collection `data.coll`
 * (one of the viewer's); with it, it saves the title and blocks given, carrying the `version` read (a stale
 * one is 409), and publishes or withdraws it (`public`).
 */
export const SaveStorySchema = z.object({
  collection: z.literal("stories"),
  locale: z.string().optional(),
  name: StoryIdSchema.optional(),
  data: z
    .object({
      coll: CollectionIdSchema.optional(),
      title: TitleSchema.optional(),
      blocks: BlocksSchema.optional(),
      version: z.number().int().min(1).optional(),
      public: z.boolean().optional(),
    })
    .strict(),
});
export type SaveStoryInput = z.infer<typeof SaveStorySchema>;

export const RemoveStorySchema = z.object({ collection: z.literal("stories"), name: StoryIdSchema, locale: z.string().optional() });
export const GetStoriesSchema = z.object({
  collection: z.literal("stories"),
  pubblico: z.boolean().optional(),
  coll: CollectionIdSchema.optional(),
  locale: z.string().optional(),
});
export const GetStoryBySlugSchema = z.object({
  collection: z.literal("stories"),
  slug: z.string().min(1, "stories.error.id").max(100, "stories.error.id"),
  locale: z.string().optional(),
});

/** The records a story names (image and record blocks), each once, in order. */
export function storyRefs(blocks: Block[]): ItemRef[] {
  const seen = new Set<string>();
  const out: ItemRef[] = [];
  for (const b of blocks) {
    if ((b.type !== "image" && b.type !== "record") || !b.record) continue;
    const k = `${b.record.table}/${b.record.id}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push(b.record);
    }
  }
  return out;
}

export type StoryPoint = {
  id: string;
  table: string;
  link: string;
  label: string;
  type: string | null;
  date: string;
  thumbnail: string | null;
  lat: number;
  lng: number;
};

/** The uploads a story shows (image blocks with `url`). */
export const storyUploads = (blocks: Block[]): string[] => blocks.flatMap((b) => (b.type === "image" && b.url ? [b.url] : []));

/** A block as a page renders it: image and record blocks with the card the viewer may see (null: not visible, or an upload). */
export type ViewBlock =
  | Exclude<Block, { type: "image" } | { type: "record" }>
  | (Extract<Block, { type: "image" | "record" }> & { card: RecordCard | null });

/** Whether a resolved block has something to show this viewer (a record they may see, or an upload). */
export const shownBlock = (b: ViewBlock) => !("card" in b) || b.card !== null || (b.type === "image" && !!b.url);

export type StorySummary = {
  id: string;
  collectionId: string;
  title: string;
  public: boolean;
  publishedSlug: string | null;
  publishedAt: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  blockCount: number;
  cover: string | null;
};

export type StoryView = StorySummary & {
  blocks: ViewBlock[];
  points: StoryPoint[];
  /** Records of the story this viewer may not see (or gone from the catalogue): counted, never named. */
  hidden: number;
};

/** The first message key of a zod error, for the stories' and the workspace's messages. */
export function storyMessage(error: z.ZodError): string {
  const m = error.issues[0]?.message ?? "";
  return m.startsWith("stories.") || m.startsWith("workspace.") ? m : "stories.error.invalid";
}
