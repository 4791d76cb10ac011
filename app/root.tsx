import { useEffect, useMemo } from "react";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches } from "react-router";
import type { Route } from "./+types/root";
import stylesUrl from "./styles/site.css?url";
import { adminCssUrl } from "~/features/site-edit";
import { enabledLanguages, splitLocale, type UiLocale } from "~/lib/locale";
import { readCookie } from "~/lib/cookies";
import { getSiteOptions } from "~/features/site/index.server";
import { Shell, type LayoutName } from "~/features/shell";
import { ErrorPage } from "~/features/shell";
import { SiteStylesheet } from "~/features/shell";
import { I18nProvider } from "~/i18n/context";
import { MESSAGE_URLS, useMessages } from "~/i18n/load";
import { installChunkReload } from "~/features/shell";
import { siteBackground } from "~/features/shell";
import { currentProfile } from "~/features/accounts/index.server";
import { accountMenu } from "~/features/accounts/index.server";
import { pinState } from "~/features/workspace/index.server";
import { renderPin } from "~/features/workspace";
import { CardActions, CardDisplay } from "~/ui/card-actions";
import { serviceContext } from "~/.server/context";
import { loginOptions } from "~/features/accounts/index.server";
import { customCssHref } from "~/features/settings/index.server";
import { darkLinkColor, fontDeclarations } from "~/features/settings";
import { adminBarData } from "~/features/site-edit/index.server";
import { analyticsConfig } from "~/features/shell/index.server";
import { annotationsReadState } from "~/features/registers/index.server";
import { type RootData, useRootData } from "./root-data";

// The stylesheet is not among the links: <SiteStylesheet> writes it into the page (docs/decisions/024).
export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ context, url, request }: Route.LoaderArgs): Promise<RootData> {
  const { locale, ui } = splitLocale(url.pathname);
  const themeCookie = readCookie(request.headers.get("cookie"), "teca_theme");
  const o = await getSiteOptions({ database: context.database }, locale);
  // Every documented language is mounted (app/routes.ts); one that is not enabled is the 404 page (decision 075).
  const languages = enabledLanguages((o as { languages?: unknown }).languages);
  if (!languages.includes(ui)) throw data({ code: 404, messageKey: "error.notFound" }, { status: 404 });
  const origin = process.env.PUBLIC_URL?.replace(/\/$/, "") || url.origin;
  const ctx = serviceContext(context, url);
  const profile = await currentProfile(ctx);
  // The signed-in user's collections and the current one's records: the pin toggles and the collections drawer.
  const pins = profile ? await pinState(ctx) : null;
  return {
    locale,
    /** The interface language (a further one reads the Italian content) and the languages the switch offers. */
    ui,
    languages,
    origin,
    // Annotazioni's dot: read only when the option is on and the viewer curates (spec §6, decision 097).
    user: accountMenu(profile, {
      registro: o.registro,
      richiediimmagine_email: o.richiediimmagine_email,
      annotations: profile ? await annotationsReadState(ctx) : null,
    }),
    // The admin bar and edit mode (ADMIN only; decision 074).
    admin: adminBarData(profile, o, locale),
    // Visit statistics: MATOMO_URL and the site id (decision 102).
    analytics: analyticsConfig(o.matomo_site_id),
    workspace: pins
      ? {
          current: pins.current,
          pins: pins.pins,
          collections: pins.collections.map((c) => ({
            id: c.id,
            title: c.title,
            count: c.count,
            cover: c.cover.url,
            role: c.role,
            sharedBy: c.sharedBy,
          })),
          csrf: context.auth?.csrfCookie ?? null,
        }
      : null,
    // The sign-in popup's single sign-on button and bot check (visitors only).
    login: profile ? null : loginOptions(),
    theme: themeCookie === "light" || themeCookie === "dark" ? themeCookie : null,
    options: {
      title: o.title,
      description: o.description,
      logo: o.logo,
      logo2: o.logo2,
      menu: o.menu,
      menu_footer: o.menu_footer,
      footer_blocks: o.footer_blocks,
      // the language the texts above are in (Italian where the page's language has none, or on a further language's page)
      textLang: o.textLang ?? {},
      disable_footer: o.disable_footer,
      colors: o.colors,
      // Dark mode's link colour in the brand's hue (issue 31): computed here, so the settings face stays out of
      // every page's JavaScript (it brought its zod schemas: 33 KB gzip).
      linkDark: darkLinkColor(o.colors.primary),
      placeholder: o.placeholder,
      placeholderRelated: o.placeholderRelated,
      multilanguage: o.multilanguage,
      showTipologia: o.showTipologia,
      semaforo: o.semaforo,
      disableShuffle: o.disableShuffle,
      // The site's custom CSS, served as its own stylesheet (app/features/settings, decision 070).
      customCss: customCssHref((o as { customcss?: unknown }).customcss),
      // customfont: a bundled font or system stack, as declarations from our own list (decision 075).
      font: fontDeclarations((o as { customfont?: unknown }).customfont),
      // The default layout's image or video background (decision 107).
      background: siteBackground((o as { background?: unknown }).background),
    },
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const location = useLocation();
  const locale: UiLocale = data?.ui ?? splitLocale(location.pathname).ui;
  const c = data?.options.colors;
  useMessages(locale);
  return (
    // The theme chosen with the toggle comes from a cookie; otherwise the system preference applies (CSS).
    <html lang={locale} data-theme={data?.theme ?? undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {c && (
          <style>{`html:root{--primary:${c.primary};--primary-dark:${c.primaryDark};--primary-light:${c.primaryLight};--link-dark:${data?.options.linkDark ?? ""}${data?.options.font ? `;${data.options.font}` : ""}}`}</style>
        )}
        <Meta />
        {/* The page's UI messages, fetched beside the scripts (app/i18n/load.ts, decision 025). */}
        <link rel="preload" as="fetch" href={MESSAGE_URLS[locale]} crossOrigin="anonymous" />
        <SiteStylesheet href={stylesUrl} />
        <Links />
        {data?.options.customCss ? <link rel="stylesheet" href={data.options.customCss} /> : null}
        {data?.admin ? <link rel="stylesheet" href={adminCssUrl} /> : null}
      </head>
      <body>
        <I18nProvider locale={locale}>{children}</I18nProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function useLayoutName(): LayoutName {
  const matches = useMatches();
  const location = useLocation();
  if (new URLSearchParams(location.search).has("print")) return "print";
  for (let i = matches.length - 1; i >= 0; i--) {
    const layout = (matches[i]!.handle as { layout?: LayoutName } | undefined)?.layout;
    if (layout) return layout;
  }
  return "default";
}

/**
 * Says the page is hydrated (its first effects run): the end-to-end tests wait for it before they type or
 * press anything, since React Router's module script runs before hydration, which waits for the page's
 * messages (entry.client.tsx).
 */
const markHydrated = () => {
  (window as unknown as { __tecaHydrated?: boolean }).__tecaHydrated = true;
};

export default function App() {
  const layout = useLayoutName();
  useEffect(() => installChunkReload(), []);
  useEffect(markHydrated, []);
  const showType = useRootData()?.options.showTipologia !== false;
  const cardDisplay = useMemo(() => ({ showType }), [showType]);
  return (
    <CardActions.Provider value={renderPin}>
      <CardDisplay.Provider value={cardDisplay}>
        <Shell layout={layout}>
          <Outlet />
        </Shell>
      </CardDisplay.Provider>
    </CardActions.Provider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let code = 500;
  let message: string | undefined;
  if (isRouteErrorResponse(error)) {
    code = error.status;
    const body = error.data as { message?: string } | string | undefined;
    message = typeof body === "object" && body?.message ? body.message : undefined;
  } else if (import.meta.env.DEV && error instanceof Error) {
    message = error.message;
  }
  useEffect(() => installChunkReload(error), [error]);
  useEffect(markHydrated, []);
  return (
    <Shell layout="default">
      <ErrorPage code={code} message={message} />
    </Shell>
  );
}
