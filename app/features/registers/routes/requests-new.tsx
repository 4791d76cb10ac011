import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/requests-new";
import { serviceContext } from "~/.server/context";
import { notFound } from "~/.server/errors";
import { formToken } from "~/features/accounts/index.server";
import { accountMeta } from "~/features/accounts";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { localizePath, splitLocale } from "~/lib/locale";
import { createRequest, requestForm } from "../requests.server";
import registerCss from "../components/register.css?url";
import requestsCss from "../components/requests.css?url";
import { NewRequestSchema, NOTES_MAX, REQUEST_FORMATS, REQUEST_PURPOSES, REQUEST_RESOLUTIONS } from "../requests";

/**
 * /richieste/nuova?media=…, asking for a reproduction of a record's image (issue 32 §3, decision 099): for a
 * signed-in user while the option `richiediimmagine_email` is set (a visitor is sent to sign in, anyone else
 * with the option empty gets 404), of an image they can see. The use, resolution, format, notes and the terms
 * accepted; sent, the office and the requester are mailed and the requester sees it on their account.
 */

export const handle = { layout: "default", capability: "PRIVATE" };
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: registerCss },
  { rel: "stylesheet", href: requestsCss },
];
export const meta = accountMeta("requests.new.title", "requests.new.lead");

const mediaParam = (url: URL) => {
  const raw = url.searchParams.get("media") ?? "";
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
};

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const media = mediaParam(url);
  if (media == null) throw notFound();
  const form = await requestForm(ctx, media);
  const { token, setCookie } = formToken(context);
  return data(
    { csrf: token, form },
    { headers: { "Cache-Control": "private, no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}

type Errors = Partial<Record<"media" | "purpose" | "resolution" | "format" | "notes" | "terms", MessageKey>>;

export async function action({ request, context, url }: Route.ActionArgs) {
  const ctx = serviceContext(context, url);
  const body = Object.fromEntries(await request.formData());
  const input = NewRequestSchema.safeParse(body);
  if (!input.success) {
    const errors: Errors = {};
    for (const issue of input.error.issues) {
      const field = String(issue.path[0] ?? "media") as keyof Errors;
      errors[field] ??= issue.message as MessageKey;
    }
    return data({ errors, values: body as Record<string, string> }, { status: 400 });
  }
  const { ui } = splitLocale(url.pathname);
  await createRequest(ctx, input.data, {
    origin: context.auth?.linkOrigin?.() ?? url.origin,
    address: context.auth?.address ?? "",
    ui,
  });
  return redirect(`${localizePath("/account/requests", ui)}?done=requests.done.created`);
}

export default function NewRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { csrf, form } = loaderData;
  const errors: Errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const invalid = (k: keyof Errors) => (errors[k] ? { "aria-invalid": true as const, "aria-describedby": `err-${k}` } : {});
  const error = (k: keyof Errors) =>
    errors[k] ? (
      <p className="form-error" id={`err-${k}`}>
        {t(errors[k]!)}
      </p>
    ) : null;
  const choice = (name: "purpose" | "resolution" | "format", options: readonly string[], fallback: string) => (
    <fieldset {...invalid(name)}>
      <legend>{t(`requests.${name}` as MessageKey)}</legend>
      <div className="request-form__choices">
        {options.map((o) => (
          <label key={o}>
            <input type="radio" name={name} value={o} defaultChecked={(values[name] ?? fallback) === o} required />{" "}
            {t(`requests.${name}.${o}` as MessageKey)}
          </label>
        ))}
      </div>
      {error(name)}
    </fieldset>
  );

  return (
    <div className="page request-form">
      <h1>{t("requests.new.title")}</h1>
      <p className="register__lead">{t("requests.new.lead")}</p>
      {Object.keys(errors).length ? (
        <p className="form-error" role="alert">
          {t("requests.error.summary")}
        </p>
      ) : null}
      <Form method="post">
        <input type="hidden" name="csrf" value={csrf} />
        <div className="request-form__image">
          {form.media.thumbnail ? <img src={form.media.thumbnail} alt="" width={120} height={120} /> : null}
          <p>
            {form.record.type || form.record.inventory ? (
              <span className="register__kind">{[form.record.type, form.record.inventory].filter(Boolean).join(" · ")}</span>
            ) : null}
            <Link to={localizePath(form.record.link, locale)}>{form.record.title}</Link>
          </p>
        </div>
        {form.images.length > 1 ? (
          <label className="request-form__field">
            <span>{t("requests.new.image")}</span>
            <select name="media" defaultValue={values.media ?? String(form.media.id)} {...invalid("media")}>
              {form.images.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.title}
                </option>
              ))}
            </select>
            {error("media")}
          </label>
        ) : (
          <input type="hidden" name="media" value={form.media.id} />
        )}
        {choice("purpose", REQUEST_PURPOSES, "study")}
        {choice("resolution", REQUEST_RESOLUTIONS, "high")}
        {choice("format", REQUEST_FORMATS, "jpeg")}
        <label className="request-form__field">
          <span>{t("requests.notes")}</span>
          <textarea
            name="notes"
            rows={5}
            maxLength={NOTES_MAX}
            defaultValue={values.notes ?? ""}
            aria-describedby="notes-hint"
            {...invalid("notes")}
          />
          <span className="request-form__hint" id="notes-hint">
            {t("requests.new.notesHint", { max: NOTES_MAX })}
          </span>
          {error("notes")}
        </label>
        <div className="request-form__terms">
          <input type="checkbox" id="terms" name="terms" required {...invalid("terms")} />
          <label htmlFor="terms">
            {form.terms ? (
              <>
                {t("requests.new.termsBefore")}{" "}
                <a href={localizePath(`/${form.terms}`, locale)} target="_blank" rel="noopener">
                  {t("requests.new.termsLink")}
                </a>
              </>
            ) : (
              t("requests.new.termsNoPage")
            )}
          </label>
        </div>
        {error("terms")}
        <button type="submit" className="button button--primary">
          {t("requests.new.submit")}
        </button>
      </Form>
    </div>
  );
}
