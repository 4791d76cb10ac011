import fs from "node:fs";
import path from "node:path";
import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // server/build-dir.ts reads the same variable.
  buildDirectory: process.env.TECA_BUILD_DIR || "build",
  // A build outside the project is not under its package.json nor its node_modules: say its modules are ES
  // modules and link the project's packages beside them.
  buildEnd({ reactRouterConfig }) {
    const dir = path.resolve(reactRouterConfig.buildDirectory);
    if (dir.startsWith(path.resolve(".") + path.sep)) return;
    fs.writeFileSync(path.join(dir, "package.json"), '{ "type": "module" }\n');
    const modules = path.join(dir, "node_modules");
    if (!fs.existsSync(modules)) fs.symlinkSync(path.resolve("node_modules"), modules, "dir");
  },
  ssr: true,
  // React Router 7's behaviour, chosen explicitly (docs/decisions/012): each v8 flag is a change of its own
  // to make and test, not a warning on every build.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
