import type { Route } from "./+types/custom-css";
import { getSiteOptions } from "~/features/site/index.server";
import { cssVersion, servedCustomCss } from "../custom-css.server";

/**
 * GET /site/custom.css: the site's custom CSS (spec §3 customcss) as a stylesheet of its own — text/css
 * (the server adds nosniff to every answer), never inlined in a page. Read again here with the parser
 * (decision 083): what is served is the checked tree written out, without anything that breaks a rule (a
 * text stored before the rule, or written outside the settings). With the `v` its text hashes to, it is kept
 * for a year; otherwise revalidated.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const options = (await getSiteOptions({ database: context.database }, "it")) as { customcss?: unknown };
  const served = servedCustomCss(options.customcss);
  const css = served?.css ?? "";
  const version = served?.version ?? cssVersion(css);
  const pinned = url.searchParams.get("v") === version;
  return new Response(css || "/* no custom styles */\n", {
    headers: {
      "Content-Type": "text/css; charset=utf-8",
      "Content-Disposition": "inline; filename=custom.css",
      "Cache-Control": pinned ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
      ETag: `"${version}"`,
    },
  });
}

export const handle = { capability: "PUBLIC" };
