import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useI18n } from "~/i18n/context";
import { useRootData, type RootData } from "~/root-data";
import { LOCALE_NAMES, localizePath, splitLocale, type UiLocale } from "~/lib/locale";
import { Modal } from "~/ui/Modal";
import { ThemeToggle } from "./ThemeToggle";
import { UserMenu } from "~/features/accounts";
import { CollectionsButton } from "~/features/workspace";
import { loadMenuEditor, useEditMode } from "~/features/site-edit";

// The menu's in-place editor: administrators in edit mode only (decision 074).
const MenuEditor = lazy(loadMenuEditor);

type Options = RootData["options"] | undefined;

const isExternal = (path: string) => /^https?:\/\//.test(path);

export function SiteHeader({ options }: { options: Options }) {
  const { t, locale } = useI18n();
  const location = useLocation();
  const root = useRootData();
  const user = root?.user;
  // Italian and the enabled languages (decision 075): with exactly two, one switch to the other; with more, a menu.
  // The option multilanguage off hides the choice (the pages of each language still answer at their addresses).
  const languages: readonly UiLocale[] = options?.multilanguage === false ? [locale] : (root?.languages ?? ["it"]);
  const others = languages.filter((l) => l !== locale);
  const [menuOpen, setMenuOpen] = useState(false);
  const { isEdit } = useEditMode();
  const menuButton = useRef<HTMLButtonElement>(null);
  // Navigation closes the menu (spec §4 "Menus").
  // biome-ignore lint/correctness/useExhaustiveDependencies: navigation closes the menu: the location is the trigger
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);
  const { path } = splitLocale(location.pathname);
  // Normalised so the server and the browser encode it the same way (no hydration mismatch).
  const search = location.search ? `?${new URLSearchParams(location.search).toString()}` : "";
  const next = location.pathname + search;
  const home = localizePath("/", locale);
  // the menu's labels in another language than the page's (Italian standing in) carry their own
  const menuLang = options?.textLang?.menu && options.textLang.menu !== locale ? options.textLang.menu : undefined;
  const titleLang = options?.textLang?.title && options.textLang.title !== locale ? options.textLang.title : undefined;
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to={home} className="site-header__brand">
          {options?.logo ? <img src={options.logo.url} alt={options.logo.alt || options.title} height={40} /> : null}
          <span className="site-header__title" lang={titleLang}>
            {options?.title ?? "Teca"}
          </span>
        </Link>
        <nav aria-label={t("nav.main")} className="site-header__tabs">
          <NavLink to={home} end className="tab">
            {t("nav.archivio")}
          </NavLink>
          <NavLink to={localizePath("/cerca", locale) + (options?.disableShuffle ? "" : "?showshuffle=1")} className="tab">
            {t("nav.esplora")}
          </NavLink>
        </nav>
        <div className="site-header__tools">
          {languages.length === 2 && others.length === 1 ? (
            <nav aria-label={t("app.language")} className="lang-switch">
              <a
                href={`/lang/${others[0]}?next=${encodeURIComponent(next)}`}
                hrefLang={others[0]}
                lang={others[0]}
                title={LOCALE_NAMES[others[0]!]}
              >
                <span aria-hidden="true">{others[0]!.toUpperCase()}</span>
                <span className="visually-hidden">{LOCALE_NAMES[others[0]!]}</span>
              </a>
            </nav>
          ) : languages.length > 2 ? (
            <nav aria-label={t("app.language")} className="lang-switch">
              <ul>
                {languages.map((l) => (
                  <li key={l}>
                    <a
                      href={`/lang/${l}?next=${encodeURIComponent(next)}`}
                      hrefLang={l}
                      lang={l}
                      aria-current={l === locale ? "true" : undefined}
                      title={LOCALE_NAMES[l]}
                    >
                      <span aria-hidden="true">{l.toUpperCase()}</span>
                      <span className="visually-hidden">{LOCALE_NAMES[l]}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <ThemeToggle />
          <UserMenu user={user} />
          <CollectionsButton />
          <button
            ref={menuButton}
            type="button"
            className="button button--ghost"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
              <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span className="site-header__menu-label">{t("nav.menu")}</span>
          </button>
        </div>
      </div>
      <Modal open={menuOpen} onClose={() => setMenuOpen(false)} title={t("nav.menu")} variant="drawer" closeLabel={t("modal.close")}>
        <nav aria-label={t("nav.menu")}>
          <ul className="menu-list">
            {/* the header's first tab, named the same (issue 31: the phone menu said "Home" beside "Archivio") */}
            <li>
              <Link to={home}>{t("nav.archivio")}</Link>
            </li>
            {/* On phones the header's tabs live here (the header keeps to one row). */}
            <li className="menu-list__narrow">
              <Link to={localizePath("/cerca", locale) + (options?.disableShuffle ? "" : "?showshuffle=1")}>{t("nav.esplora")}</Link>
            </li>
            {!isEdit &&
              (options?.menu ?? []).map((item) => (
                <li key={item.path + item.label} lang={menuLang}>
                  {isExternal(item.path) ? (
                    <a href={item.path} target="_blank" rel="noopener noreferrer">
                      {item.label}{" "}
                      <span className="visually-hidden" lang={menuLang ? locale : undefined}>
                        {t("nav.externalLink")}
                      </span>
                    </a>
                  ) : (
                    <Link to={localizePath(item.path, locale)}>{item.label}</Link>
                  )}
                </li>
              ))}
          </ul>
          {isEdit && <div id="menu-edit-slot" />}
        </nav>
        <UserMenu user={user} variant="menu" />
        {others.length ? (
          <p className="menu-lang">
            {t("app.languageCurrent", { language: LOCALE_NAMES[locale] })}
            {" · "}
            {others.map((l, i) => (
              <span key={l}>
                {i > 0 && " · "}
                <a href={`/lang/${l}?next=${encodeURIComponent(localizePath(path, l) + search)}`} lang={l} hrefLang={l}>
                  {LOCALE_NAMES[l]}
                </a>
              </span>
            ))}
          </p>
        ) : null}
        <div className="menu-list__narrow menu-theme">
          <ThemeToggle withLabel />
        </div>
      </Modal>
      {isEdit && (
        <Suspense fallback={null}>
          <MenuEditor open={menuOpen} />
        </Suspense>
      )}
    </header>
  );
}
