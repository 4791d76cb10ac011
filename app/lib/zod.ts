import { z } from "zod";

/**
 * zod for modules the browser loads too. Jitless: zod otherwise probes `new Function` when a schema is built,
 * which the Content-Security-Policy (decision 044) refuses and Chromium reports as a violation on every page
 * (Lighthouse Best Practices 96). Every shared module imports z from here, so this runs before any schema.
 */
z.config({ jitless: true });

export { z };
