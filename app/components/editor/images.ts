/**
 * The image picker's shared shapes (universal): what `POST /api/auth/docs/getImages` takes and answers.
 * An image is a record's picture (`ref` names the record) or one of the user's uploads (`ref` null).
 * No schema here: the picker is in the shell's code (the editors load with the page), and a schema would bring
 * zod into every page's JavaScript; the call's schema is images-schema.ts, for the server.
 */
export const PICKER_SOURCES = ["collections", "catalogue", "uploads"] as const;
export type PickerSource = (typeof PICKER_SOURCES)[number];

export type PickerImage = {
  /** What the editor shows and stores (a same-origin address). */
  url: string;
  thumb: string;
  title: string;
  ref: { table: string; id: string } | null;
  width: number | null;
  height: number | null;
};

export type PickerPage = { images: PickerImage[]; more: boolean };

export const PICKER_PAGE_SIZE = 24;
