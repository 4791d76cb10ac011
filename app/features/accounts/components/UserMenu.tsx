import { useLocation } from "react-router";
import { useI18n } from "~/i18n/context";
import { localizePath, splitLocale } from "~/lib/locale";

/**
 * The account entries: "Sign in" (back to this page afterwards) for a visitor; the user's name and
 * "Sign out" for a signed-in user. Plain links: both work without JavaScript. `bar` sits in the header's
 * row on wide screens (hidden below 1100 px, accounts.css); `menu` in the menu drawer, on every screen.
 */
export function UserMenu({ user, variant = "bar" }: { user: { name: string } | null | undefined; variant?: "bar" | "menu" }) {
  const { t, locale } = useI18n();
  const location = useLocation();
  const { path } = splitLocale(location.pathname);
  const back = location.pathname + (location.search ? `?${new URLSearchParams(location.search).toString()}` : "");
  const login = `${localizePath("/login", locale)}?redirect=${encodeURIComponent(back)}`;
  const logout = `/api/auth/logout?locale=${locale}`;
  if (variant === "menu")
    return (
      <ul className="menu-list menu-account">
        {user ? (
          <>
            <li className="menu-account__name">{t("account.signedInAs", { name: user.name })}</li>
            <li>
              <a href={logout}>{t("account.logout")}</a>
            </li>
          </>
        ) : path === "/login" ? null : (
          <li>
            <a href={login}>{t("login.link")}</a>
          </li>
        )}
      </ul>
    );
  if (user)
    return (
      <nav aria-label={t("account.menu")} className="user-menu">
        <span className="user-menu__name">{t("account.signedInAs", { name: user.name })}</span>{" "}
        <a className="button button--ghost button--small" href={logout}>
          {t("account.logout")}
        </a>
      </nav>
    );
  if (path === "/login") return null;
  return (
    <a className="button button--ghost button--small user-menu__login" href={login}>
      {t("login.link")}
    </a>
  );
}
