import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import type { RequestStatus } from "../requests";

/** A request's status as a label (spec §4: approved, not approved, pending, expired), in words and a colour. */
export function RequestStatusLabel({ status }: { status: RequestStatus }) {
  const { t } = useI18n();
  return <span className={`request-status request-status--${status}`}>{t(`requests.status.${status}` as MessageKey)}</span>;
}
