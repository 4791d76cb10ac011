// The registers feature's server face (issue 32; docs/architecture.md, decision 086).
export { registerOpen } from "./register.server";
// Image downloads (issue 32 §2, decision 098): downloadResponse makes the file WITHOUT a capability check (the
// caller decides; see its comment for the signature), downloadForViewer checks the viewer's capabilities.
export {
  downloadForViewer,
  downloadGrant,
  downloadOptions,
  downloadResponse,
  listOwnDownloads,
  type DownloadContext,
  type DownloadGrant,
  type DownloadInput,
} from "./downloads.server";
export { storeWatermarkImage } from "./watermark.server";
export { annotationsReadState, recordAnnotations, annotationsEnabled } from "./annotations.server";
