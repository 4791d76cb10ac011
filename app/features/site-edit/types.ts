/** An image the picker offers: a record with an image (decision 074). */
export type PickerImage = { table: string; id: string; label: string; labelLang: string; thumbnail: string; medium: string };
