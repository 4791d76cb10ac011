import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { contentLocale, LOCALE_NAMES, LOCALE_TAGS } from "~/lib/locale";
import { dateFormatOf, formatDay } from "~/lib/dates";
import { contrastFailures, type SiteColors } from "../contrast";
import { ChangesView, TextBlock, ValueView } from "~/components/RevisionParts";
import { itemNamed, type Draft, type Field, type FieldMessage, type ListItem, type SettingsItem, type SettingsPage } from "../items";
import type { HistoryEntry, ItemState } from "../settings.server";
import { settingsMessage } from "../messages";

export type ActionResult = {
  key: string;
  intent: string;
  draft: Draft;
  version: number;
  fields?: Record<string, FieldMessage[]>;
  conflict?: { version: number; author: string | null; at: string | null; current: Draft; currentValue: unknown; fallback: boolean };
};

type PageData = {
  page: SettingsPage;
  csrf: string;
  items: (ItemState & { draft: Draft })[];
  history: ({ key: string } & { entries: Omit<HistoryEntry, "diff">[]; total: number }) | null;
  /** The page a history opened from the admin bar returns to (issue 31 §4). */
  back?: string | null;
  notice: { kind: "saved" | "unchanged" | "restored" | "cleared"; key: string } | null;
};

const label = (key: string) => `settings.item.${key}.label` as MessageKey;
const hint = (key: string) => `settings.item.${key}.hint` as MessageKey;

function useDate() {
  const { locale } = useI18n();
  return (iso: string) => new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** A message of the server (a key and its values) in the page's language. */
function useMessage() {
  const { locale } = useI18n();
  return (m: FieldMessage) => settingsMessage(locale, m);
}

export function SettingsPageView({ data, result }: { data: PageData; result: ActionResult | undefined }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  if (data.history) return <HistoryView data={data} history={data.history} result={result} />;
  return (
    <div className="settings-items" aria-busy={busy}>
      <h2 className="visually-hidden">{t(`settings.page.${data.page}` as MessageKey)}</h2>
      <p className="users-hint settings-intro">{t(`settings.intro.${data.page}` as MessageKey)}</p>
      <p className="visually-hidden" role="status">
        {busy ? t("app.loading") : ""}
      </p>
      {data.items.map((s) => (
        <ItemCard
          key={`${s.key}:${s.version}`}
          state={s}
          csrf={data.csrf}
          notice={data.notice?.key === s.key ? data.notice.kind : null}
          result={result?.key === s.key ? result : undefined}
        />
      ))}
    </div>
  );
}

function ItemCard({
  state,
  csrf,
  notice,
  result,
}: {
  state: PageData["items"][number];
  csrf: string;
  notice: string | null;
  result: ActionResult | undefined;
}) {
  const { t, locale } = useI18n();
  const item = itemNamed(state.key)!;
  const id = `item-${item.key}`;
  const location = useLocation();
  const date = useDate();
  const message = useMessage();
  const draft = result?.draft ?? state.draft;
  const version = result?.version ?? state.version;
  const fields = result?.fields ?? {};
  const formError = fields.form;
  const saving = useNavigation().formData?.get("key") === item.key;
  const noticeRef = useRef<HTMLParagraphElement>(null);
  return (
    <section className="settings-item" id={id} aria-labelledby={`${id}-title`}>
      <div className="settings-item__head">
        <h3 id={`${id}-title`}>{t(label(item.key))}</h3>
        <span className="users-badge">
          {item.scope === "site" ? t("settings.scope.site") : t("settings.scope.locale", { language: LOCALE_NAMES[locale] })}
        </span>
      </div>
      <p className="users-hint" id={`${id}-hint`}>
        {t(hint(item.key))}
      </p>
      {state.fallback ? <p className="users-hint settings-fallback">{t("settings.fallback", { language: LOCALE_NAMES[locale] })}</p> : null}
      {notice ? (
        <p className="form-notice" role="status" ref={noticeRef}>
          {t(`settings.done.${notice}` as MessageKey)}
        </p>
      ) : null}
      {result?.conflict ? <ConflictPanel item={item} result={result} /> : null}
      {result && !result.conflict && result.intent !== "op" && Object.keys(fields).length ? (
        <p className="form-error" role="alert" id={`${id}-error`}>
          {t("settings.error.summary")}
        </p>
      ) : null}
      {formError ? (
        <ul className="form-error settings-errors">
          {formError.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the messages of one answer, a list that never reorders
            <li key={i}>{message(m)}</li>
          ))}
        </ul>
      ) : null}
      <Form
        method="post"
        action={`${location.pathname}#${id}`}
        className="settings-form"
        noValidate
        aria-describedby={`${id}-hint`}
        encType={item.shape === "scalar" && item.field.type === "image" ? "multipart/form-data" : undefined}
      >
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="key" value={item.key} />
        <input type="hidden" name="version" value={version} />
        <Editor item={item} draft={draft} fields={fields} />
        <div className="users-buttons">
          <button type="submit" name="intent" value="save" className="button button--primary" disabled={saving}>
            {result?.conflict ? t("settings.conflict.saveMine") : t("settings.save")}
            <span className="visually-hidden"> {t(label(item.key))}</span>
          </button>
          {item.scope === "locale" && locale !== "it" && !state.fallback ? (
            <button type="submit" name="intent" value="clear" className="button">
              {t("settings.useItalian")}
            </button>
          ) : null}
          <Link className="button" to={`${location.pathname}?history=${item.key}`}>
            {t("settings.history")}
            <span className="visually-hidden"> {t(label(item.key))}</span>
          </Link>
          {state.updatedAt ? (
            <span className="users-hint">
              {t("settings.lastSaved", {
                version: state.version,
                date: date(state.updatedAt),
                author: state.author ?? t("settings.system"),
              })}
            </span>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

function FieldErrors({ list, id }: { list: FieldMessage[] | undefined; id: string }) {
  const message = useMessage();
  if (!list?.length) return null;
  return (
    <span id={id} className="form-error settings-field-error">
      {list.map((m) => message(m)).join(" ")}
    </span>
  );
}

function Editor({ item, draft, fields }: { item: SettingsItem; draft: Draft; fields: Record<string, FieldMessage[]> }) {
  const { t } = useI18n();
  const uid = useId();
  if (item.shape === "scalar") {
    return (
      <FieldInput
        field={item.field}
        id={`${uid}-${item.field.name}`}
        value={draft as string | boolean}
        errors={fields[item.field.name]}
        labelText={t(label(item.key))}
      />
    );
  }
  if (item.shape === "object") {
    const d = draft as Record<string, string | boolean>;
    return (
      <div className={item.key === "colors" ? "settings-fields settings-fields--colors" : "settings-fields"}>
        {item.key === "colors" ? (
          <ColorFields item={item} draft={d} fields={fields} />
        ) : (
          item.fields.map((f) => (
            <FieldInput
              key={f.name}
              field={f}
              id={`${uid}-${f.name}`}
              value={d[f.name] ?? ""}
              errors={fields[f.name]}
              labelText={t(`settings.field.${f.name}` as MessageKey)}
            />
          ))
        )}
      </div>
    );
  }
  if (item.shape === "list") return <ListEditor item={item} rows={draft as Record<string, string>[]} fields={fields} />;
  const message = (fields.json ?? []) as FieldMessage[];
  return (
    <p className="login-form__field settings-field">
      <label htmlFor={`${uid}-json`}>{t("settings.field.json")}</label>
      <textarea
        id={`${uid}-json`}
        name="json"
        rows={12}
        spellCheck={false}
        className="settings-code"
        defaultValue={draft as string}
        aria-invalid={message.length ? true : undefined}
        aria-describedby={message.length ? `${uid}-json-error` : `${uid}-json-keys`}
      />
      <span className="users-hint" id={`${uid}-json-keys`}>
        {t(`settings.item.${item.key}.keys` as MessageKey)}
      </span>
      <JsonErrors list={message} id={`${uid}-json-error`} />
    </p>
  );
}

function JsonErrors({ list, id }: { list: FieldMessage[]; id: string }) {
  const message = useMessage();
  if (!list.length) return null;
  return (
    <span id={id} className="form-error settings-field-error">
      <ul>
        {list.map((m, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the messages of one answer, a list that never reorders
          <li key={i}>
            {m.params?.path && m.params.path !== "—" ? `${m.params.path}: ` : ""}
            {message(m)}
          </li>
        ))}
      </ul>
    </span>
  );
}

function FieldInput({
  field,
  id,
  value,
  errors,
  labelText,
  onChange,
}: {
  field: Field;
  id: string;
  value: string | boolean;
  errors?: FieldMessage[];
  labelText: string;
  onChange?: (v: string) => void;
}) {
  const { t, locale } = useI18n();
  const errId = `${id}-error`;
  const invalid = errors?.length ? true : undefined;
  const describedBy = invalid ? errId : undefined;
  if (field.type === "image") {
    // an upload: the file chosen replaces the image; the box removes it (the text watermark comes back)
    return (
      <div className="settings-fields">
        <p className="users-hint" role="status">
          {value ? t("settings.image.set") : t("settings.image.none")}
        </p>
        <p className="login-form__field settings-field">
          <label htmlFor={id}>{labelText}</label>
          <input
            id={id}
            type="file"
            name={field.name}
            accept="image/png,image/jpeg,image/webp"
            aria-invalid={invalid}
            aria-describedby={describedBy}
          />
          <FieldErrors list={errors} id={errId} />
        </p>
        {value ? (
          <p className="settings-check">
            <input id={`${id}-remove`} type="checkbox" name={`${field.name}.remove`} />
            <label htmlFor={`${id}-remove`}>{t("settings.image.remove")}</label>
          </p>
        ) : null}
      </div>
    );
  }
  if (field.type === "checkbox") {
    return (
      <p className="settings-check">
        <input
          id={id}
          type="checkbox"
          name={field.name}
          defaultChecked={value === true}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
        <label htmlFor={id}>{labelText}</label>
        <FieldErrors list={errors} id={errId} />
      </p>
    );
  }
  return (
    <p className="login-form__field settings-field">
      <label htmlFor={id}>{labelText}</label>
      {field.type === "select" ? (
        <select id={id} name={field.name} defaultValue={String(value)} aria-invalid={invalid} aria-describedby={describedBy}>
          {field.options!.map((o) => (
            <option key={o} value={o}>
              {field.name === "type"
                ? t(`settings.background.${o}` as MessageKey)
                : field.name === "customfont"
                  ? t(`settings.font.${o}` as MessageKey)
                  : field.name === "dateFormat"
                    ? // each format with a day written in it, in the page's language
                      `${o} — ${formatDay({ year: 1750, month: 3, day: 2 }, contentLocale(locale), dateFormatOf(o))}`
                    : o}
            </option>
          ))}
        </select>
      ) : field.type === "textarea" || field.type === "code" ? (
        <textarea
          id={id}
          name={field.name}
          defaultValue={String(value)}
          rows={field.type === "code" ? 14 : 3}
          maxLength={field.max}
          spellCheck={field.type === "code" ? false : undefined}
          className={field.type === "code" ? "settings-code" : undefined}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
      ) : (
        <input
          id={id}
          name={field.name}
          type={field.type === "email" ? "email" : "text"}
          inputMode={field.type === "url" ? "url" : undefined}
          defaultValue={String(value)}
          maxLength={field.max}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
        />
      )}
      <FieldErrors list={errors} id={errId} />
    </p>
  );
}

/** The three colours with a preview that follows what is typed, and the contrast of each pair (AA 4.5:1). */
function ColorFields({
  item,
  draft,
  fields,
}: {
  item: SettingsItem & { shape: "object" };
  draft: Record<string, string | boolean>;
  fields: Record<string, FieldMessage[]>;
}) {
  const { t } = useI18n();
  const uid = useId();
  const [colors, setColors] = useState<Record<string, string>>(() =>
    Object.fromEntries(item.fields.map((f) => [f.name, String(draft[f.name] ?? "")])),
  );
  const valid = Object.values(colors).every((c) => /^#[0-9a-fA-F]{6}$/.test(c));
  const failures = valid ? contrastFailures(colors as SiteColors) : [];
  return (
    <>
      {item.fields.map((f) => (
        <div key={f.name} className="settings-color">
          <span
            className="settings-swatch"
            aria-hidden="true"
            style={{ background: /^#[0-9a-fA-F]{6}$/.test(colors[f.name] ?? "") ? colors[f.name] : "transparent" }}
          />
          <FieldInput
            field={f}
            id={`${uid}-${f.name}`}
            value={colors[f.name] ?? ""}
            errors={fields[f.name]}
            labelText={`${t(`settings.field.${f.name}` as MessageKey)} (#rrggbb)`}
            onChange={(v) => setColors((c) => ({ ...c, [f.name]: v.trim() }))}
          />
        </div>
      ))}
      {valid ? (
        // Text in the new colours only once every pair passes: failing pairs are named, never drawn as text.
        // biome-ignore lint/a11y/useSemanticElements: a labelled preview of colours, not a set of form fields (<fieldset>)
        <div className="settings-preview" aria-label={t("settings.preview")} role="group">
          {failures.length ? null : (
            <>
              <span className="settings-preview__button" style={{ background: colors.primary, color: "#fff" }}>
                {t("settings.preview.button")}
              </span>
              <span className="settings-preview__link" style={{ color: colors.primary }}>
                {t("settings.preview.link")}
              </span>
              <span className="settings-preview__tint" style={{ background: colors.primaryLight, color: "#1f1b18" }}>
                {t("settings.preview.tint")} <span style={{ color: colors.primary }}>{t("settings.preview.link")}</span>
              </span>
            </>
          )}
          <span className="users-hint" aria-live="polite">
            {failures.length ? t("settings.preview.failing", { count: failures.length }) : t("settings.preview.ok")}
          </span>
        </div>
      ) : null}
    </>
  );
}

/**
 * A list of rows (menus, footer blocks) with add, remove, up and down. Each button is a submit button
 * (`op`): without JavaScript the server answers the changed rows; with it, the rows change here and the
 * focus stays on the row that moved (or the next one after a removal).
 */
function ListEditor({
  item,
  rows: initial,
  fields,
}: {
  item: ListItem;
  rows: Record<string, string>[];
  fields: Record<string, FieldMessage[]>;
}) {
  const { t } = useI18n();
  const uid = useId();
  type Row = Record<string, string> & { __id: string };
  const [rows, setRows] = useState<Row[]>(() => initial.map((r, i) => ({ ...r, __id: `r${i}` })));
  const [counter, setCounter] = useState(initial.length);
  const [focus, setFocus] = useState<string | null>(null);
  const [announce, setAnnounce] = useState("");
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    setRows(initial.map((r, i) => ({ ...r, __id: `r${i}` })));
    setCounter(initial.length);
  }, [initial]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: rows is the trigger: the focus moves once the re-rendered rows are in the DOM
  useEffect(() => {
    if (!focus) return;
    const el = listRef.current?.parentElement?.querySelector<HTMLElement>(`[data-focus="${focus}"]`);
    el?.focus();
    setFocus(null);
  }, [focus, rows]);
  const itemName = t(`settings.item.${item.key}.row` as MessageKey);
  const op = (e: React.MouseEvent<HTMLButtonElement>, kind: string, i: number) => {
    e.preventDefault();
    const form = e.currentTarget.form!;
    // keep what was typed: read the inputs before re-rendering
    const current = rows.map((r) => {
      const out: Record<string, string> = { __id: r.__id };
      for (const f of item.fields)
        out[f.name] = (form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[data-row="${r.__id}"][name="${f.name}"]`)?.value ??
          r[f.name]) as string;
      return out as Row;
    });
    const next = [...current];
    if (kind === "add") {
      if (next.length >= item.max) return;
      const id = `n${counter}`;
      setCounter(counter + 1);
      next.push({ ...Object.fromEntries(item.fields.map((f) => [f.name, ""])), __id: id } as Row);
      setRows(next);
      setFocus(`${id}:first`);
      setAnnounce(t("settings.list.added", { n: next.length }));
      return;
    }
    if (kind === "remove") {
      next.splice(i, 1);
      setRows(next);
      setFocus(next.length ? `${next[Math.min(i, next.length - 1)]!.__id}:first` : `${uid}:add`);
      setAnnounce(t("settings.list.removed", { n: i + 1 }));
      return;
    }
    const j = kind === "up" ? i - 1 : i + 1;
    if (j < 0 || j >= next.length) return;
    [next[i], next[j]] = [next[j]!, next[i]!];
    setRows(next);
    setFocus(`${next[j]!.__id}:${kind}`);
    setAnnounce(t("settings.list.moved", { n: j + 1 }));
  };
  return (
    <div className="settings-list">
      {rows.length === 0 ? <p className="empty-state">{t("settings.list.empty")}</p> : null}
      <ol ref={listRef} className="settings-rows">
        {rows.map((r, i) => {
          const n = i + 1;
          const rowErrors = fields[`rows.${i}`];
          return (
            <li key={r.__id} className="settings-row">
              <fieldset>
                <legend>{t("settings.list.row", { item: itemName, n })}</legend>
                {item.fields.map((f, k) => {
                  const id = `${uid}-${r.__id}-${f.name}`;
                  const errs = fields[`rows.${i}.${f.name}`];
                  return (
                    <p key={f.name} className="login-form__field settings-field">
                      <label htmlFor={id}>{t(`settings.field.${f.name}` as MessageKey)}</label>
                      {f.type === "textarea" ? (
                        <textarea
                          id={id}
                          name={f.name}
                          defaultValue={r[f.name]}
                          rows={3}
                          maxLength={f.max}
                          data-row={r.__id}
                          data-focus={k === 0 ? `${r.__id}:first` : undefined}
                          aria-invalid={errs ? true : undefined}
                          aria-describedby={errs ? `${id}-error` : undefined}
                        />
                      ) : (
                        <input
                          id={id}
                          name={f.name}
                          defaultValue={r[f.name]}
                          maxLength={f.max}
                          autoComplete="off"
                          data-row={r.__id}
                          data-focus={k === 0 ? `${r.__id}:first` : undefined}
                          aria-invalid={errs ? true : undefined}
                          aria-describedby={errs ? `${id}-error` : undefined}
                        />
                      )}
                      <FieldErrors list={errs} id={`${id}-error`} />
                    </p>
                  );
                })}
                <FieldErrors list={rowErrors} id={`${uid}-${r.__id}-error`} />
                <div className="settings-row__actions">
                  <button
                    type="submit"
                    name="op"
                    value={`up:${i}`}
                    className="button button--small"
                    disabled={i === 0}
                    data-focus={`${r.__id}:up`}
                    onClick={(e) => op(e, "up", i)}
                  >
                    {t("settings.list.up")}
                    <span className="visually-hidden"> {t("settings.list.row", { item: itemName, n })}</span>
                  </button>
                  <button
                    type="submit"
                    name="op"
                    value={`down:${i}`}
                    className="button button--small"
                    disabled={i === rows.length - 1}
                    data-focus={`${r.__id}:down`}
                    onClick={(e) => op(e, "down", i)}
                  >
                    {t("settings.list.down")}
                    <span className="visually-hidden"> {t("settings.list.row", { item: itemName, n })}</span>
                  </button>
                  <button
                    type="submit"
                    name="op"
                    value={`remove:${i}`}
                    className="button button--small users-danger"
                    onClick={(e) => op(e, "remove", i)}
                  >
                    {t("settings.list.remove")}
                    <span className="visually-hidden"> {t("settings.list.row", { item: itemName, n })}</span>
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        type="submit"
        name="op"
        value="add"
        className="button"
        disabled={rows.length >= item.max}
        data-focus={`${uid}:add`}
        onClick={(e) => op(e, "add", rows.length)}
      >
        {t("settings.list.add", { item: itemName })}
      </button>
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}

/** A stale save (409): both texts side by side; the form below keeps yours, ready to save over the current one. */
function ConflictPanel({ item, result }: { item: SettingsItem; result: ActionResult }) {
  const { t } = useI18n();
  const date = useDate();
  const c = result.conflict!;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const mine = mineValue(item, result.draft);
  return (
    <div className="settings-conflict" role="alert" tabIndex={-1} ref={ref}>
      <p>
        <strong>{t("settings.conflict.title")}</strong>{" "}
        {t("settings.conflict.text", { version: c.version, author: c.author ?? t("settings.system"), date: c.at ? date(c.at) : "—" })}
      </p>
      {result.intent === "save" ? (
        <div className="settings-conflict__both">
          <TextBlock value={mine} titleKey="settings.conflict.mine" id={`conflict-${item.key}-mine`} />
          <TextBlock value={c.currentValue} titleKey="settings.conflict.current" id={`conflict-${item.key}-current`} />
        </div>
      ) : null}
      <p className="users-hint">
        {t("settings.conflict.help")}{" "}
        <Link to={`?item=${item.key}#item-${item.key}`} reloadDocument>
          {t("settings.conflict.keepCurrent")}
        </Link>
      </p>
    </div>
  );
}

/** What the posted draft says, as a value to show (a JSON text shown as typed). */
function mineValue(item: SettingsItem, draft: Draft): unknown {
  if (item.shape === "json") return draft;
  return draft;
}

function HistoryView({
  data,
  history,
  result,
}: {
  data: PageData;
  history: NonNullable<PageData["history"]>;
  result: ActionResult | undefined;
}) {
  const { t } = useI18n();
  const location = useLocation();
  const date = useDate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const state = data.items.find((s) => s.key === history.key)!;
  const back = data.back ?? `${location.pathname}#item-${history.key}`;
  const whole = t(label(history.key));
  return (
    <div className="users-sub settings-history">
      <h2 ref={heading} tabIndex={-1}>
        {t("settings.history.title", { item: t(label(history.key)) })}
      </h2>
      <p>
        <Link to={back}>{data.back ? t("settings.history.backToPage") : t("settings.history.back")}</Link>
      </p>
      {data.notice?.kind === "restored" ? (
        <p className="form-notice" role="status">
          {t("settings.done.restored")}
        </p>
      ) : null}
      {result?.conflict ? (
        <p className="form-error" role="alert">
          {t("settings.conflict.restore")}
        </p>
      ) : result?.fields ? (
        <p className="form-error" role="alert">
          {t("settings.history.invalid")}
        </p>
      ) : null}
      <div className="settings-current">
        <h3 id="settings-current-value">{t("settings.history.currentValue")}</h3>
        <ValueView item={history.key} whole={whole} value={state.value} id="settings-current-value" />
      </div>
      <p className="users-count">{t("settings.history.count", { count: history.total })}</p>
      {history.entries.length === 0 ? (
        <p className="empty-state">{t("settings.history.empty")}</p>
      ) : (
        <ol className="settings-revisions" reversed>
          {history.entries.map((e) => (
            <li key={e.version} className="settings-revision">
              <h3>
                {t("settings.history.version", { version: e.version })} · <time dateTime={e.at}>{date(e.at)}</time> ·{" "}
                {e.author ?? t("settings.system")}
                {e.version === state.version ? <span className="users-badge">{t("settings.history.current")}</span> : null}
                {e.restoredFrom ? (
                  <span className="users-badge">{t("settings.history.restoredFrom", { version: e.restoredFrom })}</span>
                ) : null}
                {e.removed ? <span className="users-badge">{t("settings.history.removed")}</span> : null}
              </h3>
              <ChangesView item={history.key} whole={whole} changes={e.changes} />
              {e.version !== state.version ? (
                <Form method="post" className="users-inline">
                  <input type="hidden" name="csrf" value={data.csrf} />
                  <input type="hidden" name="key" value={history.key} />
                  <input type="hidden" name="version" value={state.version} />
                  <input type="hidden" name="restore" value={e.version} />
                  {data.back ? <input type="hidden" name="back" value={data.back} /> : null}
                  <button type="submit" name="intent" value="restore" className="button button--small">
                    {t("settings.history.restore", { version: e.version })}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
