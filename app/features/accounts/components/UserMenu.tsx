import { useLocation } from "react-router";
import { useI18n } from "~/i18n/context";
import { localizePath, splitLocale } from "~/lib/locale";

/**
 * The header's account corner: "Sign in" (back to this page afterwards) for a visitor; the user's name and
 * "Sign out" for a signed-in user. Plain links: both work without JavaScript.
 */
export function UserMenu({ user }: { user: { name: string } | null | undefined }) {
  const { t, locale } = useI18n();
  const location = useLocation();
  if (user)
    return (
      <nav aria-label={t("account.menu")} className="user-menu">
        <span className="user-menu__name">{t("account.signedInAs", { name: user.name })}</span>{" "}
        <a className="button button--ghost button--small" href={`/api/auth/logout?locale=${locale}`}>
          {t("account.logout")}
        </a>
      </nav>
    );
  const { path } = splitLocale(location.pathname);
  if (path === "/login") return null;
  const back = location.pathname + (location.search ? `?${new URLSearchParams(location.search).toString()}` : "");
  return (
    <a className="button button--ghost button--small user-menu__login" href={`${localizePath("/login", locale)}?redirect=${encodeURIComponent(back)}`}>
      {t("login.link")}
    </a>
  );
}
