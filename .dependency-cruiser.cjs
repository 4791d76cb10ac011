// The import rules of app/ (issue 30 §1, decision 086, docs/architecture.md "Layers and public faces"),
// checked by `npm test` (scripts/test.mjs) and by `npx depcruise app --config .dependency-cruiser.cjs`.

/**
 * The features, bottom to top. A feature imports only features of a lower layer, and those only through their
 * face (index.ts, index.server.ts); features of one layer never import each other. Everything under
 * app/features/ must be listed here (a new feature has to take a place).
 */
const LAYERS = [
  ["site"], // the site's options, read by everyone
  ["accounts", "records"], // who is asking; what the catalogue holds
  ["search", "standards"], // finding records; their exchange formats (JSON-LD, OAI-PMH, feeds, sitemaps)
  ["catalogue", "export", "print", "workspace"], // importing records; exporting results; print sheets and QR labels; a user's collections and uploads
  ["demo", "iiif", "relmap", "saved-searches", "stories"], // the demo; IIIF; relational maps and saved maps; saved searches and their alerts; stories
  ["registers"], // the registers (issue 32): annotations, downloads, requests, the collection register; the record page and the settings show parts of them
  ["analytics", "browse", "desk", "settings"], // the analytics pages; the search and record pages; the collections pages and document calls; site settings
  ["site-edit"], // editing the site in place
  ["home", "pages", "shell"], // the home page; content pages; the page frame (header, footer, error page)
  ["console", "styleguide"], // the administrators' console; the style guide
];

const feature = "^app/features/([^/]+)/";
const face = "^app/features/[^/]+/index(\\.server)?\\.ts$";
const serverModule = ["\\.server\\.tsx?$", "^app/\\.server/"];
/**
 * Modules only the server loads that are not (yet) named .server: the sign-in's password rules, the demo's
 * worker and site loader. The build would refuse them in a browser bundle anyway.
 */
const serverOnlyByUse = [
  "^app/features/accounts/password\\.ts$",
  "^app/features/demo/prepare\\.worker\\.ts$",
  "^app/features/demo/site\\.ts$",
];

const layerRules = LAYERS.map((layer, i) => ({
  name: `layer-${i}-imports-only-lower-layers`,
  comment: `${layer.join(", ")} may import only features of lower layers (${LAYERS.slice(0, i).flat().join(", ") || "none"}).`,
  severity: "error",
  from: { path: `^app/features/(${layer.join("|")})/` },
  to: { path: "^app/features/([^/]+)/", pathNot: [`^app/features/(${LAYERS.slice(0, i).flat().join("|") || "$^"})/`, "^app/features/$1/"] },
}));

module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment: "No module imports itself through others (type imports count too).",
      severity: "error",
      from: { path: "^app/" },
      to: { circular: true },
    },
    {
      name: "feature-face-only",
      comment: "Another feature is reached only through its face: app/features/<name>/index.ts (browser-safe) or index.server.ts.",
      severity: "error",
      from: { path: feature },
      to: { path: "^app/features/", pathNot: ["^app/features/$1/", face] },
    },
    {
      name: "feature-face-only-outside-features",
      comment: "root.tsx, entry.server.tsx and the rest of app/ reach a feature only through its face too.",
      severity: "error",
      from: { path: "^app/", pathNot: "^app/features/" },
      to: { path: "^app/features/", pathNot: face },
    },
    ...layerRules,
    {
      name: "unlisted-feature",
      comment: "Every feature has a layer in .dependency-cruiser.cjs (LAYERS).",
      severity: "error",
      from: { path: "^app/features/", pathNot: `^app/features/(${LAYERS.flat().join("|")})/` },
      to: {},
    },
    {
      name: "no-server-in-browser-code",
      comment:
        "A module the browser may load (not .server, not a route module, whose server half React Router strips) imports no .server module; types excepted.",
      severity: "error",
      from: {
        path: "^app/",
        pathNot: [...serverModule, ...serverOnlyByUse, "/routes/", "^app/root\\.tsx$", "^app/entry\\.server\\.tsx$", "^app/routes\\.ts$", "\\.test\\.tsx?$"],
      },
      to: { path: [...serverModule, ...serverOnlyByUse], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "ui-is-primitive",
      comment: "app/ui holds design-system primitives: no feature, no shared component, no message, no data.",
      severity: "error",
      from: { path: "^app/ui/" },
      to: { path: ["^app/features/", "^app/components/", "^app/i18n/", "^app/\\.server/", "^app/root", "^app/lib/api-fetch"] },
    },
    {
      name: "components-are-shared-widgets",
      comment: "app/components (widgets several features show) may use messages, never a feature, the root's data or the server.",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: ["^app/features/", ...serverModule, "^app/root", "^app/lib/api-fetch"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
