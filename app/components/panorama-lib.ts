/**
 * What the panorama viewer loads on first use (PanoramaViewer.tsx): Photo Sphere Viewer, its three.js and
 * its stylesheet, one chunk fetched only where a panorama is shown. The stylesheet is imported here so that
 * Vite loads it before this module resolves: the viewer checks for it when it starts.
 */
import "@photo-sphere-viewer/core/index.css";

export { Viewer } from "@photo-sphere-viewer/core";
