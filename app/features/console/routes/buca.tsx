import { useRef, useState } from "react";
import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/buca";
import { serviceContext } from "~/.server/context";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { formToken } from "~/features/accounts/index.server";
import { accountMeta } from "~/features/accounts";
import { ACCEPT_ATTRIBUTE, DROPBOX_KINDS, dropboxLimits, type DropboxKind } from "../dropbox";
import { dropboxTags, dropboxTargets } from "../dropbox.server";
import { dropboxUpload, NO_STORE } from "../http.server";
import { formatBytes } from "../format";
import consoleCss from "~/styles/console.css?url";

/**
 * /buca, the drop box (issue 16 §5, decision 073), for staff (LOGIN_BACKEND): several files at once, images or
 * documents, for a target and with tags. The limits are checked in the browser first (spec §5: the alert,
 * and nothing added) and again on the server, which also reads each file's type from its content.
 */

export const handle = { capability: "LOGIN_BACKEND", layout: "default" };
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: consoleCss }];
export const meta = accountMeta("dropbox.title", "dropbox.lead");

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const [tables, records, tags] = await Promise.all([
    dropboxTargets(ctx, ""),
    q ? dropboxTargets(ctx, q) : Promise.resolve([]),
    dropboxTags(ctx, ""),
  ]);
  const { token, setCookie } = formToken(context);
  return data(
    { csrf: token, q, tables, records, tags, limits: dropboxLimits() },
    { headers: { ...NO_STORE, ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const outcome = await dropboxUpload(request, context, url, { askUnknownTags: true });
  return data(outcome, { status: outcome.status });
}

export default function Buca({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { csrf, q, tables, records, tags, limits } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [kind, setKind] = useState<DropboxKind>("image");
  const [alert, setAlert] = useState<MessageKey | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const sending = navigation.state === "submitting";
  // words typed as tags that name none: the upload waits for the uploader's choice (issue 31 §2)
  const unknownTags = result && !result.ok ? (result.unknownTags ?? []) : [];

  // Spec §5: too many files (or too many bytes) and the alert appears, nothing added.
  const check = () => {
    const files = [...(input.current?.files ?? [])];
    const total = files.reduce((n, f) => n + f.size, 0);
    if (files.length > limits.maxFiles || total > limits.maxTotalBytes || files.some((f) => f.size > limits.maxFileBytes)) {
      if (input.current) input.current.value = "";
      setAlert("dropbox.limits");
    } else setAlert(null);
  };

  return (
    <div className="admin-page admin-page--narrow">
      <h1>{t("dropbox.title")}</h1>
      <p className="admin-page__lead">{t("dropbox.lead")}</p>
      <p className="admin-hint">
        {t("dropbox.limitsHint", {
          files: limits.maxFiles,
          file: formatBytes(limits.maxFileBytes, locale),
          total: formatBytes(limits.maxTotalBytes, locale),
        })}
      </p>

      <Form method="get" className="admin-inline" role="search" aria-label={t("dropbox.findRecord")}>
        <label className="admin-field">
          <span>{t("dropbox.findRecord")}</span>
          <input type="search" name="q" defaultValue={q} maxLength={200} />
        </label>
        <button type="submit" className="button">
          {t("dropbox.find")}
        </button>
      </Form>
      {q && records.length === 0 ? <p className="admin-hint">{t("dropbox.noRecords")}</p> : null}

      <Form method="post" encType="multipart/form-data" className="admin-card admin-form" aria-describedby="buca-result">
        <input type="hidden" name="csrf" value={csrf} />
        <fieldset className="admin-fieldset">
          <legend>{t("dropbox.kind")}</legend>
          {DROPBOX_KINDS.map((k) => (
            <label key={k} className="admin-check">
              <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} />{" "}
              {t(`dropbox.kind.${k}` as MessageKey)} <span className="admin-hint">({t(`dropbox.accepts.${k}` as MessageKey)})</span>
            </label>
          ))}
        </fieldset>
        <label className="admin-field">
          <span>{t("dropbox.files")}</span>
          <input
            ref={input}
            type="file"
            name="files"
            multiple
            required
            accept={ACCEPT_ATTRIBUTE[kind]}
            onChange={check}
            aria-describedby="buca-alert"
          />
        </label>
        <p id="buca-alert" role="alert" className={alert ? "admin-alert admin-alert--error" : "admin-visually-hidden"}>
          {alert ? t(alert) : ""}
        </p>
        <label className="admin-field">
          <span>{t("dropbox.target")}</span>
          {/* keyed by the search: a new search's first record becomes the default (a client navigation keeps the element) */}
          <select key={q} name="target" defaultValue={records[0]?.value ?? ""}>
            <option value="">{t("dropbox.noTarget")}</option>
            {records.length ? (
              <optgroup label={t("dropbox.records")}>
                {records.map((r) => (
                  <option key={r.value} value={r.value}>
                    {r.label}
                  </option>
                ))}
              </optgroup>
            ) : null}
            <optgroup label={t("dropbox.tables")}>
              {tables.map((r) => (
                <option key={r.value} value={r.value}>
                  {t(`table.${r.value}` as MessageKey)}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
        <label className="admin-field">
          <span>{t("dropbox.tags")}</span>
          <input
            key={result && !result.ok ? result.tags : undefined}
            type="text"
            name="tags"
            list="buca-tags"
            maxLength={2000}
            defaultValue={result && !result.ok ? result.tags : undefined}
            aria-describedby="buca-tags-hint"
            aria-invalid={unknownTags.length ? true : undefined}
          />
        </label>
        <p id="buca-tags-hint" className="admin-hint">
          {t("dropbox.tagsHint")}
        </p>
        {unknownTags.length ? (
          <div className="admin-alert admin-alert--warning" role="alert">
            <p>{t("dropbox.tagsUnknown", { tags: unknownTags.join(", ") })}</p>
            <p>{t("dropbox.tagsUnknownHint")}</p>
            <button type="submit" name="unknownTags" value="drop" className="button" disabled={sending}>
              {t("dropbox.sendWithoutUnknown")}
            </button>
          </div>
        ) : null}
        <datalist id="buca-tags">
          {tags.map((tag) => (
            <option key={tag.value} value={tag.value}>
              {tag.label}
            </option>
          ))}
        </datalist>
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? t("dropbox.sending") : t("dropbox.send")}
        </button>
      </Form>
      <div id="buca-result" role="status" aria-live="polite">
        {result && !unknownTags.length ? (
          <p className={`admin-alert ${result.ok ? "admin-alert--ok" : "admin-alert--error"}`}>
            {t(result.message)}
            {!result.ok && result.reason ? ` ${t(result.reason, { file: result.file ?? "" })}` : ""}
            {result.ok && result.unknownTags.length ? ` ${t("dropbox.tagsDropped", { tags: result.unknownTags.join(", ") })}` : ""}
          </p>
        ) : null}
      </div>
    </div>
  );
}
