import { useEffect, useState } from "react";
import { useI18n } from "~/i18n/context";
import type { SemaforoEntry } from "~/features/site";

const KEY = "teca-semaforo-dismissed";

function readDismissed(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(v) ? v.filter((x) => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** Traffic-light messages; a dismissed one stays hidden (ids kept in this browser). */
export function Semaforo({ entries }: { entries: SemaforoEntry[] }) {
  const { t } = useI18n();
  const [dismissed, setDismissed] = useState<string[]>([]);
  useEffect(() => setDismissed(readDismissed()), []);
  const visible = entries.filter((e) => e.frase && !dismissed.includes(e.id));
  if (!visible.length) return null;
  return (
    <>
      {visible.map((e) => (
        <div key={e.id} className="semaforo-message" style={{ ["--semaforo" as string]: e.colore }} role="note">
          <p>{e.frase}</p>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => {
              const next = [...new Set([...readDismissed(), e.id])];
              try {
                localStorage.setItem(KEY, JSON.stringify(next));
              } catch {
                /* storage disabled: hide for this page only */
              }
              setDismissed(next);
            }}
          >
            {t("record.dismiss")}
          </button>
        </div>
      ))}
    </>
  );
}
