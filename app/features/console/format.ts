import { LOCALE_TAGS, type UiLocale } from "~/lib/locale";

/** 1536 → "1,5 kB" in the locale's numbers. */
export function formatBytes(bytes: number, locale: UiLocale): string {
  const units = ["B", "kB", "MB", "GB", "TB"];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${new Intl.NumberFormat(LOCALE_TAGS[locale], { maximumFractionDigits: i === 0 ? 0 : 1 }).format(v)} ${units[i]}`;
}
