import type { ReactNode } from "react";
import { useI18n } from "~/i18n/context";
import { downloadPath, type DownloadOption } from "../downloads";
import "./downloads.css";

/**
 * "Scarica" under a record page's image (issue 32 §2, decision 098): a disclosure (<details>, so it opens with
 * Enter or Space and works without JavaScript) listing only the sizes the viewer may have, each a link to its
 * file with its pixel size and whether it carries the watermark. Nothing when the viewer may have no size and
 * nothing else is offered.
 *
 * `more` is the place for what a signed-in viewer may ask for beyond these sizes (decision 099's "Request a
 * reproduction"): shown in the menu after the sizes, or alone in place of the menu when there is no size.
 */
export function DownloadMenu({ mediaId, options, more }: { mediaId: number; options: DownloadOption[]; more?: ReactNode }) {
  const { t } = useI18n();
  if (!options.length) return more ? <div className="downloads downloads--more">{more}</div> : null;
  return (
    <details className="downloads">
      <summary className="button button--small downloads__summary">{t("download.menu")}</summary>
      <ul className="downloads__list">
        {options.map((o) => (
          <li key={o.size}>
            <a className="downloads__link" href={downloadPath(mediaId, o.size)} download>
              <span className="downloads__size">{t(o.size === "low" ? "download.low" : "download.high")}</span>
              <span className="downloads__detail">
                {t("download.pixels", { width: o.width, height: o.height })} ·{" "}
                {t(o.watermarked ? "download.watermarked" : "download.clean")}
              </span>
            </a>
          </li>
        ))}
      </ul>
      {more ? <div className="downloads__more">{more}</div> : null}
    </details>
  );
}
