import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/console-attach";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { LOCALE_NAMES, LOCALES, localizePath, splitLocale, type Locale } from "~/lib/locale";
import { z } from "~/lib/zod";
import { accountMeta } from "~/features/accounts";
import { formToken } from "~/features/accounts/index.server";
import {
  attachStaged,
  confirmAttach,
  DropboxError,
  findTargetRecords,
  getAttachment,
  undoAttach,
  type TargetChoice,
} from "../dropbox.server";
import { address, consoleContext, NO_STORE } from "../http.server";
import { formatBytes } from "../format";
import consoleCss from "~/styles/console.css?url";

/**
 * /console/buca/{id} (issue 31 §2 and §9, decision 092), ADMIN: attaching one staged file to a record. The
 * record is chosen from a search, by its title, type and inventory number; the step asks who will see the
 * media, its caption per language and its licence and credit. Attached, the media is hidden from every viewer
 * until confirmed: the page then shows it as visitors will see it on the record's page, and offers to confirm
 * it or to undo the attach (the file goes back to the staging area). Every step is a plain form.
 */

export const handle = { capability: "ADMIN", layout: "default" };
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: consoleCss }];
export const meta = accountMeta("console.attach.title", "console.attach.lead");

const NOTICES = ["attached", "saved", "undone"] as const;

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const ctx = consoleContext(context, url);
  const attachment = await getAttachment(ctx, params.id);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const current = attachment.record ?? attachment.targetView?.record ?? null;
  const found = q ? await findTargetRecords(ctx, q) : [];
  // the record it is attached to (or was uploaded for) first, then what the search found
  const choices: TargetChoice[] = [...(current ? [current] : []), ...found.filter((r) => r.value !== current?.value)];
  const n = url.searchParams.get("notice");
  const notice = (NOTICES as readonly string[]).includes(n ?? "") ? (`console.attach.notice.${n}` as MessageKey) : null;
  const { token, setCookie } = formToken(context);
  return data(
    { csrf: token, q, attachment, choices, current: current?.value ?? null, searched: Boolean(q), found: found.length, notice },
    { headers: { ...NO_STORE, ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}

const AttachSchema = z.object({
  target: z.string().trim().min(1).max(200),
  access: z.enum(["public", "restricted"]),
  title_it: z.string().trim().max(500).default(""),
  title_en: z.string().trim().max(500).default(""),
  title_fr: z.string().trim().max(500).default(""),
  license: z.string().trim().max(200).default(""),
  credit: z.string().trim().max(500).default(""),
});

type ActionResult = { error: MessageKey };

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const { ui } = splitLocale(url.pathname);
  const ctx = consoleContext(context, url);
  const form = await request.formData();
  const intent = form.get("intent");
  const here = localizePath(`/console/buca/${encodeURIComponent(params.id)}`, ui);
  try {
    if (intent === "attach") {
      const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
      if (!fields.target) return data<ActionResult>({ error: "console.attach.error.record" }, { status: 400 });
      const input = AttachSchema.safeParse(fields);
      if (!input.success)
        return data<ActionResult>(
          { error: input.error.issues.some((i) => i.path[0] === "access") ? "console.attach.error.access" : "console.error.invalid" },
          { status: 400 },
        );
      const wasPending = (await getAttachment(ctx, params.id)).mediaId !== null;
      await attachStaged(
        ctx,
        params.id,
        {
          target: input.data.target,
          restricted: input.data.access === "restricted",
          title: { it: input.data.title_it, en: input.data.title_en, fr: input.data.title_fr },
          license: input.data.license,
          credit: input.data.credit,
        },
        { mediaDir: context.mediaDir, address: address(context) },
      );
      return redirect(`${here}?notice=${wasPending ? "saved" : "attached"}#preview`);
    }
    if (intent === "confirm") {
      await confirmAttach(ctx, params.id, { address: address(context) });
      return redirect(`${localizePath("/console", ui)}?notice=confirmed#staging`);
    }
    if (intent === "undo") {
      await undoAttach(ctx, params.id, { address: address(context) });
      return redirect(`${here}?notice=undone`);
    }
    return data<ActionResult>({ error: "console.error.invalid" }, { status: 400 });
  } catch (err) {
    if (err instanceof DropboxError && (err.code === "target" || err.code === "record"))
      return data<ActionResult>({ error: "console.attach.error.record" }, { status: 404 });
    if (err instanceof DropboxError && err.code === "notAttached")
      return data<ActionResult>({ error: "console.attach.error.notAttached" }, { status: 409 });
    throw err;
  }
}

export default function ConsoleAttach({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { csrf, q, attachment: a, choices, current, searched, found, notice } = loaderData;
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const pending = a.media !== null;
  const name = a.originalName;
  return (
    <div className="admin-page admin-page--narrow">
      <p className="admin-back">
        <Link to={`${localizePath("/console", locale)}#staging`}>{t("console.attach.back")}</Link>
      </p>
      <h1>{t("console.attach.title")}</h1>
      <p className="admin-page__lead">{t("console.attach.lead")}</p>

      <dl className="admin-facts">
        <div>
          <dt>{t("console.fileName")}</dt>
          <dd>
            <a href={`/api/auth/backend/buca/${a.id}`} download>
              {name}
            </a>
          </dd>
        </div>
        <div>
          <dt>{t("console.fileType")}</dt>
          <dd>
            {t(`dropbox.kind.${a.kind}` as MessageKey)} · {a.ext} · {formatBytes(a.size, locale)}
          </dd>
        </div>
        <div>
          <dt>{t("console.attach.state")}</dt>
          <dd>
            <span className={`badge badge--${pending ? "running" : "complete"}`}>
              {t(pending ? "console.attach.state.pending" : "console.attach.state.staged")}
            </span>
          </dd>
        </div>
      </dl>

      {notice && !actionData ? (
        <p className="admin-alert admin-alert--ok" role="status">
          {t(notice)}
        </p>
      ) : null}
      {actionData?.error ? (
        <p className="admin-alert admin-alert--error" role="alert">
          {t(actionData.error)}
        </p>
      ) : null}

      {pending ? preview() : null}

      <section aria-labelledby="attach-record" className="admin-section">
        <h2 id="attach-record">{t("console.attach.record")}</h2>
        <Form method="get" className="admin-inline" role="search" aria-label={t("console.attach.find")}>
          <label className="admin-field">
            <span>{t("console.attach.find")}</span>
            <input type="search" name="q" defaultValue={q} maxLength={200} aria-describedby="attach-find-hint" />
          </label>
          <button type="submit" className="button">
            {t("dropbox.find")}
          </button>
        </Form>
        <p id="attach-find-hint" className="admin-hint">
          {t("console.attach.findHint")}
        </p>
        {searched && found === 0 ? <p className="admin-hint">{t("dropbox.noRecords")}</p> : null}
      </section>

      <Form method="post" className="admin-card admin-form" aria-labelledby="attach-record">
        <input type="hidden" name="csrf" value={csrf} />
        {choices.length === 0 ? (
          <p>{t("console.attach.noChoice")}</p>
        ) : (
          <fieldset className="admin-fieldset">
            <legend>{t("console.attach.chooseRecord")}</legend>
            {choices.map((r) => (
              <label key={r.value} className="admin-check attach-choice">
                <input type="radio" name="target" value={r.value} defaultChecked={r.value === (current ?? choices[0]?.value)} required />
                <span>
                  <strong>{r.title}</strong>{" "}
                  <span className="admin-hint">
                    {[r.type ?? t(`table.${r.table}` as MessageKey), r.numero ? t("dropbox.numero", { numero: r.numero }) : null]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        )}

        <fieldset className="admin-fieldset">
          <legend>{t("console.attach.access")}</legend>
          <p className="admin-hint">{t("console.attach.accessHint")}</p>
          <label className="admin-check">
            <input type="radio" name="access" value="public" defaultChecked={pending && !a.media?.restricted} required />{" "}
            {t("console.attach.access.public")}
          </label>
          <label className="admin-check">
            <input type="radio" name="access" value="restricted" defaultChecked={pending && a.media?.restricted} required />{" "}
            {t("console.attach.access.restricted")}
          </label>
        </fieldset>

        <fieldset className="admin-fieldset">
          <legend>{t("console.attach.caption")}</legend>
          <p className="admin-hint">{t("console.attach.captionHint")}</p>
          {LOCALES.map((l) => (
            <label key={l} className="admin-field">
              <span>{t("console.attach.captionIn", { language: LOCALE_NAMES[l] })}</span>
              <input type="text" name={`title_${l}`} lang={l} maxLength={500} defaultValue={a.media?.title[l] ?? ""} />
            </label>
          ))}
        </fieldset>

        <fieldset className="admin-fieldset">
          <legend>{t("console.attach.rights")}</legend>
          <label className="admin-field">
            <span>{t("console.attach.license")}</span>
            <input
              type="text"
              name="license"
              list="attach-licences"
              maxLength={200}
              defaultValue={a.media?.license ?? ""}
              aria-describedby="attach-license-hint"
            />
          </label>
          <p id="attach-license-hint" className="admin-hint">
            {t("console.attach.licenseHint")}
          </p>
          <datalist id="attach-licences">
            {["CC0-1.0", "CC-BY-4.0", "CC-BY-SA-4.0", "CC-BY-NC-4.0", "CC-BY-NC-ND-4.0"].map((l) => (
              <option key={l} value={l} />
            ))}
            <option value={t("console.attach.allRights")} />
          </datalist>
          <label className="admin-field">
            <span>{t("console.attach.credit")}</span>
            <input
              type="text"
              name="credit"
              maxLength={500}
              defaultValue={a.media?.credit ?? ""}
              placeholder={t("console.attach.creditExample")}
            />
          </label>
        </fieldset>

        <div>
          <h3>{t("dropbox.tags")}</h3>
          <p>{a.tagNames.length ? t("console.attach.tagsGiven", { tags: a.tagNames.join(", ") }) : t("console.attach.noTags")}</p>
          {a.unknownTags.length ? (
            <p className="admin-hint">{t("console.attach.tagsUnknown", { tags: a.unknownTags.join(", ") })}</p>
          ) : null}
        </div>

        <button
          type="submit"
          name="intent"
          value="attach"
          className="button button--primary"
          disabled={busy || choices.length === 0}
          aria-label={pending ? undefined : t("console.attachLabel", { file: name })}
        >
          {t(pending ? "console.attach.save" : "console.attach.submit")}
        </button>
      </Form>
    </div>
  );

  function preview() {
    const media = a.media!;
    const record = a.record;
    const v = a.visitors;
    const caption = pickCaption(media.title, locale) ?? record?.title ?? name;
    const statement = !record
      ? t("console.attach.visitors.noRecord")
      : !v?.seesRecord
        ? t("console.attach.visitors.recordHidden")
        : v.position === null
          ? t("console.attach.visitors.restricted")
          : t("console.attach.visitors.public", { index: v.position, total: v.total });
    return (
      <section id="preview" aria-labelledby="attach-preview" className="admin-section">
        <h2 id="attach-preview">{t("console.attach.preview")}</h2>
        <p className="admin-alert">
          <strong>{t("console.attach.hiddenNow")}</strong> {t("console.attach.afterConfirm")} {statement}
        </p>
        <figure className="attach-preview">
          {media.hasPreview ? (
            <img
              src={`/api/auth/backend/buca/${a.id}/preview`}
              alt={caption}
              width={media.width && media.height ? 400 : undefined}
              height={media.width && media.height ? Math.round((400 * media.height) / media.width) : undefined}
            />
          ) : (
            <span className="attach-preview__doc" aria-hidden="true">
              {a.ext.toUpperCase()}
            </span>
          )}
          <figcaption>
            <span>{caption}</span>
            {v?.position != null && v.total > 1 ? (
              <span className="admin-hint"> · {t("record.mediaOf", { index: v.position, total: v.total })}</span>
            ) : null}
            {media.credit || media.license ? (
              <small className="attach-preview__rights">{[media.credit, media.license].filter(Boolean).join(" · ")}</small>
            ) : (
              <small className="attach-preview__rights">{t("console.attach.noRights")}</small>
            )}
          </figcaption>
        </figure>
        {record ? (
          <p>
            {t("console.attach.on")} <strong>{record.title}</strong>{" "}
            <span className="admin-hint">
              {[
                record.type ?? t(`table.${record.table}` as MessageKey),
                record.numero ? t("dropbox.numero", { numero: record.numero }) : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </span>{" "}
            <Link to={localizePath(record.link, locale)}>{t("console.attach.openRecord")}</Link>
          </p>
        ) : null}
        <div className="admin-buttons">
          <Form method="post">
            <input type="hidden" name="csrf" value={csrf} />
            <button type="submit" name="intent" value="confirm" className="button button--primary" disabled={busy || !record}>
              {t("console.attach.confirm")}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="csrf" value={csrf} />
            <button type="submit" name="intent" value="undo" className="button" disabled={busy}>
              {t("console.attach.undo")}
            </button>
          </Form>
        </div>
      </section>
    );
  }
}

function pickCaption(title: Partial<Record<Locale, string>>, locale: string): string | null {
  const own = (title as Record<string, string | undefined>)[locale];
  return own || title.it || title.en || title.fr || null;
}
