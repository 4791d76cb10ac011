import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { useI18n } from "~/i18n/context";
import type { RootData } from "~/root-data";
import { localizePath } from "~/lib/locale";
import { loadFooterEditor, useEditMode } from "~/features/site-edit";
import { useLogoutHref } from "~/features/accounts";

// The footer blocks' in-place editor: administrators in edit mode only (decision 074).
const FooterEditor = lazy(loadFooterEditor);

export function SiteFooter({ options, signedIn }: { options: RootData["options"] | undefined; signedIn: boolean }) {
  const { t, locale } = useI18n();
  const { isEdit } = useEditMode();
  const logout = useLogoutHref();
  // texts in another language than the page's (Italian standing in) carry their own
  const other = (key: "footer_blocks" | "menu_footer" | "title") => {
    const l = options?.textLang?.[key];
    return l && l !== locale ? l : undefined;
  };
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        {isEdit && (
          <Suspense fallback={<p role="status">{t("siteEdit.loading")}</p>}>
            <FooterEditor />
          </Suspense>
        )}
        {!isEdit && (options?.footer_blocks ?? []).length > 0 && (
          <div className="site-footer__blocks" lang={other("footer_blocks")}>
            {options!.footer_blocks.map((b) => (
              <section key={b.title} className="site-footer__block">
                <h2>{b.title}</h2>
                <p>{b.text}</p>
              </section>
            ))}
          </div>
        )}
        {(options?.menu_footer ?? []).length > 0 && (
          <nav aria-label={t("nav.footer")}>
            <ul className="site-footer__menu" lang={other("menu_footer")}>
              {options!.menu_footer.map((item) => (
                <li key={item.path + item.label}>
                  {/^https?:\/\//.test(item.path) ? (
                    <a href={item.path} target="_blank" rel="noopener noreferrer">
                      {item.label}{" "}
                      <span className="visually-hidden" lang={other("menu_footer") ? locale : undefined}>
                        {t("nav.externalLink")}
                      </span>
                    </a>
                  ) : (
                    <Link to={localizePath(item.path, locale)}>{item.label}</Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        )}
        {/* spec §2 Footer: a logout link, to signed-in users only; the header's own link (a GET the server
            refuses from another site), so it works without JavaScript */}
        {signedIn && (
          <p className="site-footer__logout">
            <a href={logout}>{t("account.logout")}</a>
          </p>
        )}
        <div className="site-footer__brand">
          {options?.logo ? <img src={options.logo.url} alt={options.logo.alt || options.title} height={32} /> : null}
          {/* the second logo (a partner's, an owning body's): named by its text, else decorative */}
          {options?.logo2?.url ? <img src={options.logo2.url} alt={options.logo2.alt} height={32} /> : null}
          <p>
            <span lang={other("title")}>{options?.title ?? "Teca"}</span> · {t("footer.copyright")}
          </p>
        </div>
      </div>
    </footer>
  );
}
