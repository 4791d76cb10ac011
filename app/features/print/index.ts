// The print feature's public face, safe for the browser (docs/architecture.md, decision 086): the print views'
// addresses for the pages that link to them, and the record page's QR dialog (issue 33 §6, decision 104).
export { PrintLinks } from "./components/PrintLinks";
export { QrDialogButton } from "./components/QrDialog";
export { LABEL_SIZES, MAX_LABELS, MAX_SHEETS, type PrintKind, printHref, printRef, recordAddress } from "./print";
