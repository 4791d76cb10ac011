import { createContext, useContext, useMemo } from "react";
import { translate, type Translate } from "./index";
import type { UiLocale } from "~/lib/locale";

const I18nContext = createContext<{ locale: UiLocale; t: Translate }>({ locale: "it", t: (k, p) => translate("it", k, p) });

export function I18nProvider({ locale, children }: { locale: UiLocale; children: React.ReactNode }) {
  const value = useMemo(() => ({ locale, t: ((k, p) => translate(locale, k, p)) as Translate }), [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The page's locale and its message function. */
export function useI18n() {
  return useContext(I18nContext);
}
