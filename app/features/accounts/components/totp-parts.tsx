import { useI18n } from "~/i18n/context";

/** The QR code to scan and the same secret to type (for apps on the same device). */
export function SetupInstructions({ qr, secret }: { qr: string; secret: string }) {
  const { t } = useI18n();
  return (
    <div className="totp-setup">
      <img className="totp-setup__qr" src={qr} width={220} height={220} alt={t("totp.qrAlt")} />
      <p>
        {t("totp.secretLabel")} <code className="totp-setup__secret">{secret.replace(/(.{4})/g, "$1 ").trim()}</code>
      </p>
    </div>
  );
}

/** The ten recovery codes, shown once. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useI18n();
  return (
    <div className="totp-codes" role="status">
      <p>{t("totp.codesIntro")}</p>
      <ul className="totp-codes__list">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
