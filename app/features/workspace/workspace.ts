import { z } from "~/lib/zod";
import { TABLES, type TableName } from "~/lib/tables";

/**
 * The workspace's shapes (issue 15): one set of zod schemas for the JSON calls of spec §7
 * (`/api/auth/docs/*`) and the pages' form posts. Messages are keys (`workspace.error.*`), translated where
 * they are shown.
 */

export const TITLE_MAX = 120;

/** A collection's id (and its private address): 12 characters of base64url. */
export const CollectionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{12}$/, "workspace.error.id");
/** A published collection's address: the title's words and 8 random characters. */
export const PublishedSlugSchema = z.string().regex(/^[a-z0-9-]{1,80}$/, "workspace.error.id");

/** Collections on one page of the published collections' index (/public/collections). */
export const PUBLISHED_PAGE_SIZE = 24;

/** The index's query: `?page=` (anything else is the first page). */
export const PublishedListSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export const ItemRefSchema = z.object({
  table: z.enum(TABLES as [TableName, ...TableName[]], { message: "workspace.error.item" }),
  id: z.string().min(1, "workspace.error.item").max(200, "workspace.error.item"),
});
export type ItemRef = z.infer<typeof ItemRefSchema>;

export const TitleSchema = z
  .string({ message: "workspace.error.title" })
  .trim()
  .min(1, "workspace.error.title")
  .max(TITLE_MAX, "workspace.error.titleLong")
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters in a title are refused on purpose
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), "workspace.error.titleChars");

/** At most this many references in one call (the item limit bounds them again). */
const refs = z.array(ItemRefSchema).max(1000, "workspace.error.tooMany");

/**
 * saveDoc {collection: "collections", locale, name?, data}: without `name` it creates (title, items); with
 * it, each part given is one operation on that collection — rename (with the version read), publish, cover,
 * add, remove, move. Adding or removing never rewrites the whole list, so two tabs cannot undo each other.
 */
export const SaveDocSchema = z.object({
  collection: z.literal("collections", { message: "workspace.error.docType" }),
  locale: z.string().optional(),
  name: CollectionIdSchema.optional(),
  data: z
    .object({
      title: TitleSchema.optional(),
      version: z.number().int().min(1).optional(),
      public: z.boolean().optional(),
      cover: ItemRefSchema.optional(),
      items: refs.optional(),
      add: refs.optional(),
      remove: refs.optional(),
      /** `to`: the new index (0 = first); `by`: places to move (-1 earlier, 1 later); or `over`: where that item is (a drop). */
      move: ItemRefSchema.extend({
        to: z.number().int().min(0).max(100_000).optional(),
        by: z.number().int().min(-100_000).max(100_000).optional(),
        over: ItemRefSchema.optional(),
      })
        .refine((m) => [m.to, m.by, m.over].filter((x) => x !== undefined).length === 1, "workspace.error.invalid")
        .optional(),
      current: z.boolean().optional(),
    })
    .strict(),
});
export type SaveDocInput = z.infer<typeof SaveDocSchema>;

export const RemoveDocSchema = z.object({
  collection: z.literal("collections", { message: "workspace.error.docType" }),
  name: CollectionIdSchema,
  locale: z.string().optional(),
});

export const CollectionRequestSchema = z.object({
  collection: CollectionIdSchema,
  locale: z.string().optional(),
  type: z.string().optional(),
});

export const GetDocsSchema = z.object({
  collection: z.literal("collections", { message: "workspace.error.docType" }),
  pubblico: z.boolean().optional(),
  locale: z.string().optional(),
});

export const GetDocBySlugSchema = z.object({
  collection: z.literal("collections", { message: "workspace.error.docType" }).default("collections"),
  slug: z.string().min(1, "workspace.error.id").max(100, "workspace.error.id"),
  locale: z.string().optional(),
});

/**
 * saveUser {data: {pins, current?}} (spec §7 "saveUser {data: {pins}}"): each pin is added to the current
 * collection (or removed, `pinned: false`), de-duplicated by table and id; `current` chooses the collection.
 */
export const SaveUserSchema = z.object({
  locale: z.string().optional(),
  data: z
    .object({
      pins: z
        .array(ItemRefSchema.extend({ pinned: z.boolean().optional() }))
        .max(1000, "workspace.error.tooMany")
        .optional(),
      current: CollectionIdSchema.nullable().optional(),
    })
    .strict(),
});

/** A form's fields as a record ref (the pin's no-script form, the collection page's buttons). */
export const pinKey = (r: { table: string; id: string }) => `${r.table}/${r.id}`;

/** The first message key of a zod error. */
export function firstMessage(error: z.ZodError): string {
  const m = error.issues[0]?.message ?? "";
  return m.startsWith("workspace.") ? m : "workspace.error.invalid";
}

/** The viewer's part in a collection (decision 061): theirs, or shared with them to edit its items or to read it. */
export type CollectionRole = "owner" | "editor" | "reader";

export type CollectionSummary = {
  id: string;
  title: string;
  count: number;
  cover: { url: string | null; table: string | null; id: string | null };
  public: boolean;
  publishedSlug: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  role: CollectionRole;
  /** Someone else's collection shared with the viewer: its owner's name (else address); null for their own. */
  sharedBy: string | null;
};

export type PinState = {
  current: { id: string; title: string } | null;
  /** `table/id` of the current collection's items. */
  pins: string[];
  collections: CollectionSummary[];
};

/**
 * addItems {locale, collection, items} (decision 066): a search page's selection into one collection, at
 * least one and at most 1000 references (the item limit bounds them again).
 */
export const AddItemsSchema = z
  .object({
    locale: z.string().optional(),
    collection: CollectionIdSchema,
    items: z.array(ItemRefSchema).min(1, "workspace.error.item").max(1000, "workspace.error.tooMany"),
  })
  .strict();
