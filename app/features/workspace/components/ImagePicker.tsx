import { useCallback, useEffect, useId, useRef, useState } from "react";
import { apiFetch } from "~/lib/api-fetch";
import { useI18n } from "~/i18n/context";
import { PICKER_SOURCES, type PickerImage, type PickerPage, type PickerSource } from "~/components/editor/images";
import "~/components/editor/editor.css";

/**
 * The editors' image picker (spec §2 "image picker with search", §5 empty states) — shared by the moodboard
 * and story editors. Images of the user's collections, of the catalogue (only what the viewer may see: the
 * server's `getImages` call) and the user's uploads, with a search box, and an upload field.
 *
 * How to use it:
 *   <ImagePicker onPick={(img) => add(img)} exclude={urlsAlreadyUsed} maxFiles={limits.maxFiles} />
 * `img.url` is a same-origin address (/media/… or /uploads/…), `img.ref` the record ({table, id}) or null
 * for an upload. Uploaded files are offered to `onPick` at once. `exclude` hides images already used, so
 * the collection source can say 'There are no more images available in your collection.'
 * `sources` limits what is offered (the site's editors: ["catalogue", "uploads"], or ["catalogue"] where only
 * a record will do); the upload field is there when the uploads are.
 */
export function ImagePicker({
  onPick,
  exclude = [],
  maxFiles,
  sources = PICKER_SOURCES,
}: {
  onPick: (image: PickerImage) => void;
  exclude?: string[];
  maxFiles?: number;
  sources?: readonly PickerSource[];
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const [source, setSource] = useState<PickerSource>(sources[0] ?? "collections");
  const [q, setQ] = useState("");
  const [typed, setTyped] = useState("");
  const [pages, setPages] = useState<PickerPage[]>([]);
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");
  const [message, setMessage] = useState<{ kind: "error" | "ok"; text: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const request = useRef(0);

  const load = useCallback(
    async (page: number) => {
      const n = ++request.current;
      setState("loading");
      try {
        const res = await apiFetch("/api/auth/docs/getImages", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ locale, source, q, page }),
        });
        if (!res.ok) throw new Error(String(res.status));
        const body = (await res.json()) as { data: PickerPage };
        if (n !== request.current) return;
        setPages((p) => (page === 0 ? [body.data] : [...p, body.data]));
        setState("ready");
      } catch {
        if (n === request.current) setState("error");
      }
    },
    [locale, source, q],
  );

  useEffect(() => {
    setPages([]);
    void load(0);
  }, [load]);

  const excluded = new Set(exclude);
  const images = pages.flatMap((p) => p.images).filter((i) => !excluded.has(i.url));
  const more = pages.at(-1)?.more ?? false;
  const loaded = pages.length > 0;

  async function upload(files: FileList | null) {
    if (!files?.length) return;
    setMessage(null);
    // Spec §5: more files than allowed — nothing is added.
    if (maxFiles !== undefined && files.length > maxFiles) {
      setMessage({ kind: "error", text: t("editor.upload.limits") });
      if (fileRef.current) fileRef.current.value = "";
      return;
    }
    const form = new FormData();
    for (const f of Array.from(files)) form.append("file", f);
    form.append("name", files[0]!.name);
    form.append("locale", locale);
    setUploading(true);
    try {
      const res = await apiFetch(`/api/auth/docs/uploadFile?locale=${locale}`, { method: "POST", body: form });
      const body = (await res.json().catch(() => null)) as {
        data?: { url: string; name: string; width: number; height: number }[];
        error?: { message?: string };
      } | null;
      if (!res.ok || !body?.data) {
        setMessage({ kind: "error", text: body?.error?.message ?? t("editor.upload.error") });
        return;
      }
      for (const u of body.data) onPick({ url: u.url, thumb: u.url, title: u.name, ref: null, width: u.width, height: u.height });
      setMessage({ kind: "ok", text: t("editor.upload.done", { count: body.data.length }) });
      if (source === "uploads") void load(0);
    } catch {
      setMessage({ kind: "error", text: t("editor.upload.error") });
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = "";
    }
  }

  let empty: string | null = null;
  if (loaded && state !== "loading" && images.length === 0) {
    if (q) empty = t("editor.picker.noMatch");
    else if (source === "collections") empty = t("editor.picker.noMore");
    else if (source === "uploads") empty = t("editor.picker.noUploads");
    else empty = t("editor.picker.noMatch");
  }

  return (
    <div className="image-picker">
      {sources.length > 1 ? (
        <fieldset className="image-picker__sources">
          <legend>{t("editor.picker.source")}</legend>
          {sources.map((s) => (
            <label key={s}>
              <input type="radio" name={`${id}-source`} value={s} checked={source === s} onChange={() => setSource(s)} />
              {t(`editor.picker.${s}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {/* biome-ignore lint/a11y/useSemanticElements: a form with role=search: the <search> element is too new for some of the browsers and screen readers the site supports */}
      <form
        role="search"
        className="image-picker__search"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(typed.trim());
        }}
      >
        <label htmlFor={`${id}-q`}>{t("editor.picker.search")}</label>
        <span className="image-picker__search-row">
          <input id={`${id}-q`} type="search" value={typed} maxLength={200} onChange={(e) => setTyped(e.target.value)} />
          <button type="submit" className="button button--small">
            {t("editor.picker.searchButton")}
          </button>
        </span>
      </form>
      {sources.includes("uploads") ? (
        <p className="image-picker__upload">
          <label htmlFor={`${id}-file`}>{t("editor.upload.label")}</label>
          <input
            id={`${id}-file`}
            ref={fileRef}
            type="file"
            multiple
            accept=".tif,.tiff,.jpg,.jpeg,.png,image/tiff,image/jpeg,image/png"
            disabled={uploading}
            aria-describedby={`${id}-file-hint`}
            onChange={(e) => void upload(e.target.files)}
          />
          <small id={`${id}-file-hint`}>{t("editor.upload.hint")}</small>
        </p>
      ) : null}
      <div role="status" className="image-picker__status">
        {uploading
          ? t("editor.upload.uploading")
          : message?.kind === "ok"
            ? message.text
            : state === "loading"
              ? t("editor.picker.loading")
              : (empty ?? "")}
      </div>
      {message?.kind === "error" ? (
        <p role="alert" className="form-error">
          {message.text}
        </p>
      ) : null}
      {state === "error" ? (
        <p role="alert" className="form-error">
          {t("editor.picker.error")}{" "}
          <button type="button" className="button button--small" onClick={() => void load(0)}>
            {t("editor.picker.retry")}
          </button>
        </p>
      ) : null}
      {images.length ? (
        <ul className="image-picker__grid" aria-label={t("editor.picker.results")}>
          {images.map((img) => (
            <li key={img.url}>
              <button type="button" className="image-picker__item" onClick={() => onPick(img)}>
                <img src={img.thumb} alt="" loading="lazy" width={120} height={90} />
                <span className="image-picker__label">{t("editor.picker.add", { title: img.title })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {more ? (
        <button type="button" className="button button--small" disabled={state === "loading"} onClick={() => void load(pages.length)}>
          {t("editor.picker.more")}
        </button>
      ) : null}
    </div>
  );
}
