import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useI18n } from "~/i18n/context";
import { localizePath, splitLocale } from "~/lib/locale";
import type { AccountMenu } from "../menu.server";
import { LoginDialog } from "./LoginDialog";
import { useLogoutHref } from "./useLogoutHref";

/**
 * The account entries (spec §2 user bar, §6 secondary menu). A visitor gets 'Accedi': a link to the login
 * page (back to this page afterwards) that, once the page runs JavaScript, opens the login popup instead. A
 * signed-in user gets their name and the items their capabilities allow (root loader, `accountMenu`):
 * Cataloga, user management, change password, logout. Every item is a plain link: all work without
 * JavaScript. `bar` sits in the header's row on wide screens (a <details> disclosure; hidden below
 * 1100 px, accounts.css); `menu` in the menu drawer, on every screen.
 */
export function UserMenu({ user, variant = "bar" }: { user: AccountMenu | null | undefined; variant?: "bar" | "menu" }) {
  const { t, locale } = useI18n();
  const location = useLocation();
  const { path } = splitLocale(location.pathname);
  const back = location.pathname + (location.search ? `?${new URLSearchParams(location.search).toString()}` : "");
  const login = `${localizePath("/login", locale)}?redirect=${encodeURIComponent(back)}`;
  const logout = useLogoutHref();
  const [dialog, setDialog] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  // Navigation closes the disclosure; hydration does not (a visitor may have opened it before the scripts ran).
  const shownAt = useRef(back);
  useEffect(() => {
    if (shownAt.current === back) return;
    shownAt.current = back;
    if (details.current) details.current.open = false;
  }, [back]);

  const items = user ? (
    <>
      <li>
        <a href={localizePath("/searches", locale)}>{t("menu.savedSearches")}</a>
      </li>
      {user.myRequests ? (
        <li>
          <a href={localizePath("/account/requests", locale)}>{t("requests.mine.title")}</a>
        </li>
      ) : null}
      <li>
        <a href={localizePath("/account/downloads", locale)}>{t("download.mine")}</a>
      </li>
      {user.backendUrl ? (
        <li>
          <a href={user.backendUrl}>{t("menu.cataloga")}</a>
        </li>
      ) : null}
      {user.settings ? (
        <li>
          <a href={localizePath("/settings", locale)}>{t("settings.title")}</a>
        </li>
      ) : null}
      {user.settings ? (
        <li>
          <a href={localizePath("/console", locale)}>{t("console.title")}</a>
        </li>
      ) : null}
      {user.manageUsers ? (
        <li>
          <a href={localizePath("/settings/users", locale)}>{t("menu.users")}</a>
        </li>
      ) : null}
      {user.annotations ? (
        <li>
          <a href={localizePath("/annotazioni", locale)}>
            {t("menu.annotations")}
            {user.annotations.unread ? (
              <>
                {" "}
                <span className="menu-dot" aria-hidden="true" />
                <span className="visually-hidden"> ({t("menu.annotationsUnread")})</span>
              </>
            ) : null}
          </a>
        </li>
      ) : null}
      {user.requests ? (
        <li>
          <a href={localizePath("/requests", locale)}>{t("requests.title")}</a>
        </li>
      ) : null}
      {user.register ? (
        <li>
          <a href={localizePath("/registro", locale)}>{t("register.title")}</a>
        </li>
      ) : null}
      {user.changePassword ? (
        <li>
          <a href={localizePath("/editPassword", locale)}>{t("menu.changePassword")}</a>
        </li>
      ) : null}
      {user.security ? (
        <li>
          <a href={localizePath("/account/security", locale)}>{t("menu.security")}</a>
        </li>
      ) : null}
      <li>
        <a href={logout}>{t("account.logout")}</a>
      </li>
    </>
  ) : null;

  if (variant === "menu")
    return (
      <ul className="menu-list menu-account">
        {user ? (
          <>
            <li className="menu-account__name">{t("account.signedInAs", { name: user.name })}</li>
            {items}
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
        <details
          ref={details}
          className="user-menu__details"
          onKeyDown={(e) => {
            if (e.key === "Escape" && details.current?.open) {
              details.current.open = false;
              details.current.querySelector("summary")?.focus();
            }
          }}
        >
          <summary className="button button--ghost button--small user-menu__name">{t("account.signedInAs", { name: user.name })}</summary>
          <ul className="user-menu__list">{items}</ul>
        </details>
      </nav>
    );
  if (path === "/login") return null;
  return (
    <>
      <a
        className="button button--ghost button--small user-menu__login"
        href={login}
        aria-haspopup="dialog"
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          setDialog(true);
        }}
      >
        {t("login.link")}
      </a>
      <LoginDialog open={dialog} onClose={() => setDialog(false)} />
    </>
  );
}
