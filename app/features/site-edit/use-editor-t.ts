import { useCallback } from "react";
import { formatMessage, translate, type MessageKey } from "~/i18n";
import { useI18n } from "~/i18n/context";
import { EDITOR_MESSAGES, type EditorKey } from "./editor-messages";

/** The editors' `t`: their own messages (editor-messages.ts), else the app's. */
export function useEditorT() {
  const { locale } = useI18n();
  return useCallback(
    (key: EditorKey | MessageKey, params?: Record<string, string | number>): string => {
      const own = (EDITOR_MESSAGES[locale] as Record<string, string>)[key] ?? (EDITOR_MESSAGES.it as Record<string, string>)[key];
      if (own === undefined) return translate(locale, key as MessageKey, params);
      return params ? formatMessage(locale, own, params) : own;
    },
    [locale],
  );
}
