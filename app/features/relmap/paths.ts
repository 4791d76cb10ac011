import { TABLE_SLUGS, type TableName } from "~/lib/tables";

/** The address of a record's relational map (decision 110), unprefixed. Alone here: the record page links to it and loads nothing else of the map. */
export const relationMapPath = (table: TableName, id: string) => `/mappa/${TABLE_SLUGS[table]}/${encodeURIComponent(id)}`;
