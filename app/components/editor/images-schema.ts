import { z } from "~/lib/zod";
import { PICKER_SOURCES } from "./images";

/** What `POST /api/auth/docs/getImages` takes (the image picker's call; its shapes are images.ts). */
export const GetImagesSchema = z.object({
  locale: z.string().optional(),
  source: z.enum(PICKER_SOURCES),
  q: z.string().trim().max(200).default(""),
  page: z.number().int().min(0).max(100).default(0),
});
