/** A map's bounding box in degrees (the search's `bbox` parameter, the map view's extent). */
export type BBox = { west: number; south: number; east: number; north: number };
