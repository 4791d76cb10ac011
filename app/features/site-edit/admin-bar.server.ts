import type { Profile } from "~/features/accounts/index.server";
import { backendUrl } from "~/features/accounts/index.server";
import type { SiteOptions } from "~/features/site";
import { localizePath, type Locale } from "~/lib/locale";
import type { AdminBarData } from "./components/AdminBar";

/**
 * The admin bar's data for an administrator (ADMIN capability, spec §6), null for anyone else. The catalogue
 * link is the `adminUrl` option, else the configured back end (BACKEND_URL), else /admin (spec §9).
 */
export function adminBarData(profile: Profile | null, options: SiteOptions, locale: Locale): AdminBarData | null {
  if (!profile?.capabilities.includes("ADMIN")) return null;
  return {
    catalogueUrl: options.adminUrl || backendUrl() || localizePath("/admin", locale),
    newTab: options.adminNewTab === true,
    hideEdit: options.hideEdit === true,
  };
}
