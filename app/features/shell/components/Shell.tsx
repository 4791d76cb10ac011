import { useRootData } from "~/root-data";
import { useI18n } from "~/i18n/context";
import { SiteHeader } from "./SiteHeader";
import { SiteFooter } from "./SiteFooter";
import { LoadingBar } from "./LoadingBar";
import { NetworkStatus } from "./NetworkStatus";
import { ScrollToTop } from "./ScrollToTop";
import { Analytics } from "./Analytics";
import { SiteBackground } from "./SiteBackground";
import { EditModeProvider } from "~/features/site-edit";
import { AdminBar } from "~/features/site-edit";

/** Page layouts (spec §2): default, empty, no-header, print, user. */
export type LayoutName = "default" | "empty" | "no-header" | "print" | "user";

export function Shell({ layout, children }: { layout: LayoutName; children: React.ReactNode }) {
  const { t } = useI18n();
  const root = useRootData();
  const options = root?.options;
  const showHeader = layout === "default" || layout === "user";
  const showFooter = (layout === "default" || layout === "no-header") && !options?.disable_footer;
  const admin = root?.admin ?? null;
  return (
    <EditModeProvider canEdit={admin !== null} hideEdit={admin?.hideEdit ?? true}>
      <div className={`shell shell--${layout}${layout === "default" && options?.background ? " shell--backdrop" : ""}`}>
        <a className="skip-link" href="#main">
          {t("app.skipToContent")}
        </a>
        {layout !== "print" && layout !== "empty" && <LoadingBar />}
        <NetworkStatus />
        {admin && layout !== "print" && <AdminBar data={admin} />}
        {showHeader && <SiteHeader options={options} />}
        <main id="main" tabIndex={-1} className={`main main--${layout}`}>
          {children}
        </main>
        {showFooter && <SiteFooter options={options} signedIn={Boolean(root?.user)} />}
        {layout === "default" && options?.background ? <SiteBackground background={options.background} /> : null}
        {layout !== "print" && layout !== "empty" && <ScrollToTop />}
        <Analytics />
      </div>
    </EditModeProvider>
  );
}
