import { redirect } from "react-router";
import type { Route } from "./+types/admin";
import { localizePath, splitLocale } from "~/lib/locale";

/**
 * /admin: the admin bar's catalogue link when no back end is configured (spec §9 "default admin URL /admin",
 * decision 074) — this site's own administration, the console. ADMIN only (the route guard).
 */
export function loader({ url }: Route.LoaderArgs) {
  return redirect(localizePath("/console", splitLocale(url.pathname).ui));
}

export const handle = { capability: "ADMIN" };

// A page (not a resource route): a visitor is sent to the login page and comes back here. Never rendered.
export default function Admin() {
  return null;
}
