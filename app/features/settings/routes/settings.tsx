import { NavLink, Outlet, useLocation } from "react-router";
import type { Route } from "./+types/settings";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { localizePath } from "~/lib/locale";
import { levelHas } from "~/.server/access";
import { SETTINGS_PAGES } from "../items";
import settingsCss from "../components/settings.css?url";

// Only the settings pages load their styles: the public pages' stylesheet stays as it is.
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: settingsCss }];

/**
 * /settings (spec §2, name impostazioni; issue 16 §2): the frame of the settings pages — the heading and the
 * tabs general, layout, contents, developer and users (the user management of decision 042). ADMIN only:
 * the route guard sends visitors to the login page and answers 404 to anyone else.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { canManageUsers: levelHas(context.viewer, "MANAGE_USERS") };
}

export const handle = { layout: "default", capability: "ADMIN" };

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const location = useLocation();
  const history = new URLSearchParams(location.search).has("history");
  return (
    <section className="page settings-page">
      <h1>{t("settings.title")}</h1>
      <nav aria-label={t("settings.sections")} className="users-tabs settings-tabs">
        {SETTINGS_PAGES.map((p) => (
          <NavLink key={p} to={localizePath(`/settings/${p}`, locale)} className="tab" end={!history}>
            {t(`settings.page.${p}` as MessageKey)}
          </NavLink>
        ))}
        {loaderData.canManageUsers ? (
          <NavLink to={localizePath("/settings/users", locale)} className="tab">
            {t("settings.page.users")}
          </NavLink>
        ) : null}
      </nav>
      <Outlet />
    </section>
  );
}
