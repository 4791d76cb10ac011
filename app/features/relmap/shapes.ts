import type { TableName } from "~/lib/tables";

/**
 * The relational map's plain shapes (decision 110): constants and types, no validation, so the map's drawing
 * loads nothing more (the zod schemas are in relmap.ts, for the server and the forms).
 */

/** The drawing's logical area (the SVG's viewBox): positions are stored in these units. */
export const MAP_AREA = { width: 1200, height: 900 } as const;
/** At most this many records of one relation group in the first ring (the rest: on the record page). */
export const MAP_PER_GROUP = 12;
/** At most this many records around an opened node. */
export const MAP_PER_OPEN = 10;
/** At most this many opened nodes. */
export const MAP_MAX_OPEN = 6;

export type NodeKey = string;
export type Point = { x: number; y: number };
export const nodeKey = (table: string, id: string): NodeKey => `${table}:${id}`;

export type MapNode = {
  key: NodeKey;
  table: TableName;
  id: string;
  label: string;
  link: string;
  type: string | null;
  date: string;
  thumb: string | null;
  /** 0 the centre, 1 its relations, 2 an opened node's relations. */
  depth: 0 | 1 | 2;
  x: number;
  y: number;
  /** Whether it is opened (its relations shown); only a first-ring node can be. */
  open: boolean;
};

export type MapEdge = { from: NodeKey; to: NodeKey; label: string };

/** A relation group of the centre (or of an opened node): its label, its nodes shown and how many it has. */
export type MapGroup = { key: string; label: string; total: number; nodes: NodeKey[] };

export type RelationMap = {
  centre: MapNode;
  nodes: MapNode[];
  edges: MapEdge[];
  groups: MapGroup[];
  /** The opened nodes' own groups, by node key. */
  expansions: { key: NodeKey; groups: MapGroup[] }[];
  open: NodeKey[];
  /** Where each of the centre's relation groups is named in the drawing. */
  labels: { key: string; label: string; x: number; y: number }[];
};
