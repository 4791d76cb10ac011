import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { localizePath } from "~/lib/locale";
import { MemorySlugSchema } from "../pages";

/**
 * An administrator's start of a new memory section or page (decision 115): its address, checked here as the
 * server checks it, then the new item's page opens with `?new=1` in edit mode (as a content page's does).
 */
export function NewSlugForm({
  legend,
  to,
  query = {},
  taken,
}: {
  legend: string;
  to: (slug: string) => string;
  query?: Record<string, string>;
  taken: (slug: string) => boolean;
}) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const id = useId();
  const [slug, setSlug] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="memories__new"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const r = MemorySlugSchema.safeParse(slug);
        if (!r.success) return setError(t((r.error.issues[0]?.message ?? "pages.error.slugFormat") as MessageKey));
        if (r.data !== slug.trim() || taken(r.data))
          return setError(t(r.data !== slug.trim() ? "pages.error.slugFormat" : "memories.error.taken"));
        setError(null);
        navigate(`${localizePath(to(r.data), locale)}?${new URLSearchParams({ new: "1", ...query })}`);
      }}
    >
      <fieldset>
        <legend>{legend}</legend>
        <label htmlFor={`${id}-slug`}>{t("memories.slug")}</label>
        <span className="memories__new-row">
          <input
            id={`${id}-slug`}
            value={slug}
            maxLength={80}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setSlug(e.target.value)}
          />
          <button type="submit" className="button">
            {t("memories.create")}
          </button>
        </span>
        <small id={`${id}-hint`}>{t("memories.slugHint")}</small>
        {error ? (
          <p id={`${id}-error`} className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}
