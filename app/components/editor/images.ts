import { z } from "~/lib/zod";

/**
 * The image picker's shared shapes (universal): what `POST /api/auth/docs/getImages` takes and answers.
 * An image is a record's picture (`ref` names the record) or one of the user's uploads (`ref` null).
 */
export const PICKER_SOURCES = ["collections", "catalogue", "uploads"] as const;
export type PickerSource = (typeof PICKER_SOURCES)[number];

export const GetImagesSchema = z.object({
  locale: z.string().optional(),
  source: z.enum(PICKER_SOURCES),
  q: z.string().trim().max(200).default(""),
  page: z.number().int().min(0).max(100).default(0),
});

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
