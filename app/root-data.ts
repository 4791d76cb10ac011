import { useRouteLoaderData } from "react-router";
import type { SiteOptions } from "~/features/site";
import type { Locale, UiLocale } from "~/lib/locale";

/**
 * What the root loader (app/root.tsx) gives every page: written out here, not inferred from the loader, so that
 * a feature reading it imports this small module and not root.tsx, which imports the shell and the features
 * (the cycle root ↔ shell ↔ workspace; issue 30 §1, decision 086). The loader is checked against this type.
 */
export type RootData = {
  locale: Locale;
  /** The interface language (a further one reads the Italian content) and the languages the switch offers. */
  ui: UiLocale;
  languages: UiLocale[];
  origin: string;
  /** The header's account entries for a signed-in user (accounts/menu.server.ts). */
  user: {
    name: string;
    backendUrl: string | null;
    manageUsers: boolean;
    changePassword: boolean;
    security: boolean;
    settings: boolean;
    register: boolean;
    requests: boolean;
    myRequests: boolean;
    annotations: { unread: boolean } | null;
  } | null;
  /** The visit-statistics tracker, when the site has one (shell/analytics.server.ts, decision 102). */
  analytics: { url: string; siteId: string } | null;
  /** The admin bar (ADMIN only; site-edit/admin-bar.server.ts, decision 074). */
  admin: { catalogueUrl: string; newTab: boolean; hideEdit: boolean } | null;
  /** The signed-in user's collections and the current one's records: the pin toggles and the collections drawer. */
  workspace: {
    current: { id: string; title: string } | null;
    pins: string[];
    collections: {
      id: string;
      title: string;
      count: number;
      cover: string | null;
      role: "owner" | "editor" | "reader";
      sharedBy: string | null;
    }[];
    csrf: string | null;
  } | null;
  /** The sign-in popup's single sign-on button and bot check (visitors only; accounts/bot-check.ts). */
  login: {
    sso: string | null;
    botCheck: { mode: "off" } | { mode: "altcha"; challengeUrl: string } | { mode: "recaptcha"; siteKey: string };
  } | null;
  theme: "light" | "dark" | null;
  options: Pick<
    SiteOptions,
    | "title"
    | "description"
    | "logo"
    | "menu"
    | "menu_footer"
    | "footer_blocks"
    | "disable_footer"
    | "colors"
    | "logo2"
    | "placeholder"
    | "placeholderRelated"
    | "multilanguage"
    | "showTipologia"
    | "semaforo"
    | "disableShuffle"
  > & {
    textLang: NonNullable<SiteOptions["textLang"]>;
    /** The site's custom CSS, served as its own stylesheet (decision 070). */
    customCss: string | null;
    /** customfont's declarations (decision 075). */
    font: string;
    /** Dark mode's link colour, from the brand colour (settings/contrast.ts darkLinkColor). */
    linkDark: string;
    /** The default layout's background (option `background`, decision 107; shell/background.ts). */
    background: { type: "image" | "video"; url: string; poster: string | null } | null;
  };
};

/** The root loader's data, in a component (undefined on an error page rendered before the root loader ran). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}

/** The root loader's data, in a `meta` function (its matches; the root is the first). */
export function rootDataOf(matches: readonly ({ data?: unknown } | undefined)[]): RootData | undefined {
  return matches[0]?.data as RootData | undefined;
}
