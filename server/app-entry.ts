// The app process of the compiled server (build/node/app.js, scripts/build.mjs): what the front forks.
import { runMain } from "./index";

runMain();
