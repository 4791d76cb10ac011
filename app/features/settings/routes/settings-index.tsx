import { redirect } from "react-router";
import type { Route } from "./+types/settings-index";
import { localizePath, splitLocale } from "~/lib/locale";

/** /settings opens its first page, general. */
export async function loader({ url }: Route.LoaderArgs) {
  throw redirect(localizePath("/settings/general", splitLocale(url.pathname).ui), 302);
}

export const handle = { layout: "default", capability: "ADMIN" };

export default function SettingsIndex() {
  return null;
}
