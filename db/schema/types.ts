import { customType } from "drizzle-orm/pg-core";

/** PostgreSQL tsvector; Drizzle has no built-in type for it. */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});

/** A text per catalogue locale, e.g. { it: "Dipinto", en: "Painting" }. */
export type LocalizedText = Partial<Record<"it" | "en" | "fr", string>>;
