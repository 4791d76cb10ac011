// The print feature's server face (docs/architecture.md, decision 086): the print views' services.
export { getPrintLabels, getPrintSheets, qrShape } from "./print.server";
