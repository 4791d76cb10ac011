// The registers feature's public face, safe for the browser (issue 32; docs/architecture.md, decision 086): what
// other features may use of it. Its services are in index.server.ts.
export { RegisterQuerySchema, type RegisterEntry, type RegisterQuery } from "./register";
export { DOWNLOAD_SIZES, downloadPath, type DownloadOption, type DownloadSize, type OwnDownload } from "./downloads";
export { DownloadMenu } from "./components/DownloadMenu";
export { AnnotationsSection } from "./components/AnnotationsSection";
export type { AnnotationView } from "./annotations";
