import { z } from "~/lib/zod";
import { RECORD_ID_PATTERN, TABLES, type TableName } from "~/lib/tables";
import { MAP_AREA, MAP_MAX_OPEN, type NodeKey } from "./shapes";

export * from "./shapes";

/**
 * The relational map's shapes (issue 33 §5, decisions 110 and 111), universal: the page, the saved maps' calls
 * and the server share them. A node is a record, named `table:id` (its key); the centre's relations are the first
 * ring, grouped by relation type; a node of the ring may be opened one step further (`?open=table:id,…`).
 */

/** A node key, validated: a table and a record id. */
export const NodeKeySchema = z
  .string()
  .max(160, "relmap.error.bad")
  .refine((k) => {
    const i = k.indexOf(":");
    return i > 0 && (TABLES as string[]).includes(k.slice(0, i)) && RECORD_ID_PATTERN.test(k.slice(i + 1));
  }, "relmap.error.bad");

export function splitKey(key: NodeKey): { table: TableName; id: string } {
  const i = key.indexOf(":");
  return { table: key.slice(0, i) as TableName, id: key.slice(i + 1) };
}

/** `?open=` as the page reads it: valid keys only, no repeats, at most MAP_MAX_OPEN (the rest ignored). */
export function readOpen(value: string | null): NodeKey[] {
  if (!value) return [];
  const keys = value.split(",").filter((k) => NodeKeySchema.safeParse(k).success);
  return [...new Set(keys)].slice(0, MAP_MAX_OPEN);
}

const coord = (max: number) => z.number().finite().min(0, "relmap.error.bad").max(max, "relmap.error.bad");
export const PointSchema = z.object({ x: coord(MAP_AREA.width), y: coord(MAP_AREA.height) }).strict();

/** Node positions a user arranged, by node key (at most a map's nodes: 1 + groups × 12 + 6 × 10, bounded here). */
export const PositionsSchema = z.record(NodeKeySchema, PointSchema).refine((p) => Object.keys(p).length <= 400, "relmap.error.bad");
export type Positions = z.infer<typeof PositionsSchema>;

// Saved maps (decision 111)

/** A saved map's private id (12 random base64url characters, like a collection's). */
export const MapIdSchema = z.string().regex(/^[A-Za-z0-9_-]{12}$/, "relmap.error.bad");
export const MapSlugSchema = z.string().regex(/^[a-z0-9-]{1,80}$/, "relmap.error.bad");
export const MapTitleSchema = z.string().trim().min(1, "relmap.error.title").max(200, "relmap.error.title");
export const MapOpenSchema = z.array(NodeKeySchema).max(MAP_MAX_OPEN, "relmap.error.bad");

/** A new map: its title, its centre record, the opened nodes and the positions arranged. */
export const MapContentSchema = z
  .object({
    title: MapTitleSchema,
    table: z.enum(TABLES as [TableName, ...TableName[]], "relmap.error.bad"),
    id: z.string().regex(RECORD_ID_PATTERN, "relmap.error.bad"),
    open: MapOpenSchema.default([]),
    positions: PositionsSchema.default({}),
  })
  .strict();
export type MapContent = z.infer<typeof MapContentSchema>;

/** Changes to a saved map, with the version read (a stale one: 409, nothing changed). */
export const MapChangesSchema = z
  .object({
    version: z.number().int().min(1),
    title: MapTitleSchema.optional(),
    open: MapOpenSchema.optional(),
    positions: PositionsSchema.optional(),
    public: z.boolean().optional(),
  })
  .strict();
export type MapChanges = z.infer<typeof MapChangesSchema>;

export type SavedMapSummary = {
  id: string;
  title: string;
  table: TableName;
  recordId: string;
  public: boolean;
  publishedSlug: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
};
export type SavedMap = SavedMapSummary & { open: NodeKey[]; positions: Positions };

/** saveDoc {collection: "mappe", name?, data}: without `name` creates (data: MapContent), with it changes (MapChanges). */
export const SaveMapDocSchema = z.object({
  collection: z.literal("mappe"),
  locale: z.string().optional(),
  name: MapIdSchema.optional(),
  data: z.record(z.string(), z.unknown()),
});
export const RemoveMapDocSchema = z.object({ collection: z.literal("mappe"), name: MapIdSchema, locale: z.string().optional() });
export const GetMapsSchema = z.object({
  collection: z.literal("mappe").optional(),
  locale: z.string().optional(),
  pubblico: z.boolean().optional(),
});
