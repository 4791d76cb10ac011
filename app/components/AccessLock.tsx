import { useI18n } from "~/i18n/context";

/** Lock icon for access 2 (restricted) and filled lock for access 3 (very restricted). */
export function AccessLock({ access }: { access: number }) {
  const { t } = useI18n();
  if (access < 2) return null;
  const label = access >= 3 ? t("record.access3") : t("record.access2");
  return (
    <span className={`lock lock--${access}`} title={label}>
      <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24">
        <rect
          x="4"
          y="10"
          width="16"
          height="12"
          rx="2"
          fill={access >= 3 ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="2"
        />
        <path d="M8 10V7a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
