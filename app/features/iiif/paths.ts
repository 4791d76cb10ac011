import { TABLE_SLUGS, type TableName } from "~/lib/tables";

/** The page-turner of a record (spec §2 `/sfogliatore/{id}`): objects by id alone, other tables by slug and id. */
export function sfogliatorePath(table: TableName, id: string): string {
  return table === "ca_objects" ? `/sfogliatore/${encodeURIComponent(id)}` : `/sfogliatore/${TABLE_SLUGS[table]}/${encodeURIComponent(id)}`;
}

/** The public address of a record's manifest. */
export const manifestPath = (table: TableName, id: string) => `/iiif/manifest/${TABLE_SLUGS[table]}/${encodeURIComponent(id)}`;
