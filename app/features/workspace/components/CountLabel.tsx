import { useI18n } from "~/i18n/context";
import { LOCALE_TAGS } from "~/lib/locale";

/** "1 scheda" / "12 schede", the number in the locale's format. */
export function CountLabel({ count }: { count: number }) {
  const { t, locale } = useI18n();
  return (
    <>
      {count === 1
        ? t("workspace.collections.countOne")
        : t("workspace.collections.count", { count: count.toLocaleString(LOCALE_TAGS[locale]) })}
    </>
  );
}
