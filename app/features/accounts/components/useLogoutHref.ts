import { useLocation, useMatches } from "react-router";
import { useI18n } from "~/i18n/context";
import { isPublicPage, logoutHref } from "../redirect";

/** The sign-out link of the page being shown (the account menu's, the admin bar's): back here when it is public. */
export function useLogoutHref(): string {
  const { locale } = useI18n();
  const location = useLocation();
  const matches = useMatches();
  return logoutHref(locale, { path: location.pathname + location.search, public: isPublicPage(matches) });
}
