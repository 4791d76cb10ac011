import { useCallback, useEffect, useRef, useState } from "react";
import { useI18n } from "~/i18n/context";
import { Modal } from "~/ui/Modal";

/** The canvas's side, in pixels (spec §2 "QR-code dialog: 300px canvas"). */
const SIZE = 300;

/**
 * The record page's QR-code dialog (spec §2, issue 33 §6, decision 104): the QR code of the record's stable
 * address on a 300 px canvas, drawn by the `qrcode` package's browser build, fetched only when the dialog opens;
 * download as PNG, copy the image to the clipboard, close. A code that cannot be drawn is logged and the dialog
 * says so (spec §8 "QR rendering error: logged only"). The button needs JavaScript: it appears once the page has
 * hydrated (the printable label, a link beside it, works without).
 */
export function QrDialogButton({ url, fileName, labelHref }: { url: string; fileName: string; labelHref: string }) {
  const { t } = useI18n();
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => setReady(true), []);
  const close = useCallback(() => setOpen(false), []);
  if (!ready) return null;
  return (
    <>
      <button type="button" className="button button--small" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
          <path d="M1 1h6v6H1zm1.5 1.5v3h3v-3zM9 1h6v6H9zm1.5 1.5v3h3v-3zM1 9h6v6H1zm1.5 1.5v3h3v-3zM9 9h2v2H9zm2 2h2v2h-2zm2-2h2v2h-2zm0 4h2v2h-2zm-4 0h2v2H9z" />
        </svg>
        {t("qr.open")}
      </button>
      <Modal open={open} onClose={close} title={t("qr.title")} closeLabel={t("qr.close")} className="qr-dialog">
        <QrBody url={url} fileName={fileName} labelHref={labelHref} onClose={close} />
      </Modal>
    </>
  );
}

function QrBody({ url, fileName, labelHref, onClose }: { url: string; fileName: string; labelHref: string; onClose: () => void }) {
  const { t } = useI18n();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<"drawing" | "ready" | "error">("drawing");
  const [png, setPng] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  useEffect(() => {
    let live = true;
    import("qrcode")
      .then(async (QRCode) => {
        if (!canvas.current) return;
        await QRCode.toCanvas(canvas.current, url, { width: SIZE, margin: 4, errorCorrectionLevel: "M" });
        if (!live) return;
        setPng(canvas.current.toDataURL("image/png"));
        setState("ready");
      })
      .catch((error: unknown) => {
        console.error("QR rendering error", error);
        if (live) setState("error");
      });
    return () => {
      live = false;
    };
  }, [url]);

  const copy = async () => {
    setStatus("");
    try {
      const c = canvas.current;
      if (!c || typeof ClipboardItem === "undefined" || !navigator.clipboard?.write) throw new Error("no image clipboard");
      const blob = new Promise<Blob>((resolve, reject) => c.toBlob((b) => (b ? resolve(b) : reject(new Error("no PNG"))), "image/png"));
      await navigator.clipboard.write([new ClipboardItem({ "image/png": blob })]);
      setStatus(t("qr.copied"));
    } catch {
      setStatus(t("qr.copyFailed"));
    }
  };

  return (
    <div className="qr-dialog__body">
      {/* the canvas is there from the start (the drawing needs it), shown once drawn */}
      <canvas
        ref={canvas}
        width={SIZE}
        height={SIZE}
        className="qr-dialog__canvas"
        role="img"
        aria-label={t("qr.canvas", { url })}
        hidden={state !== "ready"}
      />
      {state === "drawing" ? <p className="qr-dialog__wait">{t("qr.loading")}</p> : null}
      {state === "error" ? (
        <p className="form-error" role="alert">
          {t("qr.error")}
        </p>
      ) : null}
      <p className="qr-dialog__url">{url}</p>
      <div className="qr-dialog__actions">
        {png ? (
          <a className="button button--primary" href={png} download={fileName}>
            {t("qr.download")}
          </a>
        ) : null}
        {state === "ready" ? (
          <button type="button" className="button" onClick={() => void copy()}>
            {t("qr.copy")}
          </button>
        ) : null}
        <a className="button" href={labelHref}>
          {t("print.action.label")}
        </a>
        <button type="button" className="button" onClick={onClose}>
          {t("qr.close")}
        </button>
      </div>
      <p className="qr-dialog__status" role="status">
        {status}
      </p>
    </div>
  );
}
