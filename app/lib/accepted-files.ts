/**
 * The drop box's rules (issue 16 §5, spec §5): images (tiff, jpg, jpeg, png) and documents (doc, docx, xml,
 * zip, pdf), each recognised by its content. The name's extension must agree with what the content is.
 */
export const DROPBOX_KINDS = ["image", "document"] as const;
export type DropboxKind = (typeof DROPBOX_KINDS)[number];

/** Name extension → the type its content must be (file-type's `ext`; an old Word file is a 'cfb'). */
export const ACCEPTED: Record<DropboxKind, Record<string, string>> = {
  image: { tif: "tif", tiff: "tif", jpg: "jpg", jpeg: "jpg", png: "png" },
  document: { doc: "cfb", docx: "docx", xml: "xml", zip: "zip", pdf: "pdf" },
};

/** What the `accept` attribute of the file field offers for a kind. */
export const ACCEPT_ATTRIBUTE: Record<DropboxKind, string> = {
  image: ".tif,.tiff,.jpg,.jpeg,.png,image/tiff,image/jpeg,image/png",
  document: ".doc,.docx,.xml,.zip,.pdf",
};
