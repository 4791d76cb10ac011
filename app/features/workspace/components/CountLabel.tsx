import { useI18n } from "~/i18n/context";

/** "1 scheda" / "12 schede", the number in the locale's format (a plural message, decision 095). */
export function CountLabel({ count }: { count: number }) {
  const { t } = useI18n();
  return <>{t("workspace.collections.count", { count })}</>;
}
