import { lazy, Suspense, useId, useState } from "react";
import type { Route } from "./+types/styleguide";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { translate } from "~/i18n";
import { splitLocale } from "~/lib/locale";
import { pageMeta } from "~/lib/seo";
import { rootDataOf } from "~/root-data";
import { Modal } from "~/ui/Modal";
import { RecordCard, type CardVariant } from "~/components/RecordCard";
import { ContentCard } from "~/components/ContentCard";
import type { RecordCard as Card } from "~/lib/record-types";
import consoleCss from "~/styles/console.css?url";
import { CloseButton } from "~/ui/CloseButton";

// the content carousel (decision 118), in its own chunk as on the home page
const Carousel = lazy(() => import("~/components/carousel/Carousel"));

/**
 * /styleguide (issue 16 §4, decision 072): the design system's pieces, live, in the light and the dark
 * palette side by side, for the people who theme the site. Public: it shows made-up examples and no
 * catalogue data (and is kept out of search engines).
 */

export const handle = { capability: "PUBLIC", layout: "default" };
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: consoleCss }];

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const root = rootDataOf(matches);
  const locale = splitLocale(location.pathname).ui;
  return [
    ...pageMeta({
      title: translate(locale, "styleguide.title"),
      siteTitle: root?.options.title,
      description: translate(locale, "styleguide.lead"),
      origin: root?.origin ?? "",
      languages: root?.languages,
      pathname: location.pathname,
    }),
    { name: "robots", content: "noindex" },
  ];
};

export function loader() {
  return null;
}

const COLOURS = [
  ["--primary", "styleguide.colour.primary"],
  ["--primary-dark", "styleguide.colour.primaryDark"],
  ["--primary-light", "styleguide.colour.primaryLight"],
  ["--bg", "styleguide.colour.bg"],
  ["--surface", "styleguide.colour.surface"],
  ["--surface-2", "styleguide.colour.surface2"],
  ["--text", "styleguide.colour.text"],
  ["--muted", "styleguide.colour.muted"],
  ["--border", "styleguide.colour.border"],
  ["--link", "styleguide.colour.link"],
  ["--focus", "styleguide.colour.focus"],
  ["--error", "styleguide.colour.error"],
] as const;

const VARIANTS: CardVariant[] = ["masonry", "big", "mini"];

function sampleCard(t: (k: MessageKey) => string, access: number, n: number): Card {
  return {
    id: `sg-${n}`,
    table: "ca_objects",
    link: "/styleguide",
    preferred_label: t("styleguide.sample.title"),
    labelLang: "it",
    type: { id: 1, name: t("styleguide.sample.type") },
    dateDisplay: "1846",
    numero: `INV ${100 + n}`,
    access,
    hasMedia: false,
    url: { thumbnail: null, medium: null, large: null },
    width: 4,
    height: 3,
    dominantColor: null,
    focalPoint: null,
    // the first sample carries a traffic light (customjs semaforo; decision 117)
    ...(n === 0 ? { semaforo: [{ id: "sg", colore: "#b45309", name: t("styleguide.sample.semaforo") }] } : {}),
  };
}

export default function Styleguide() {
  const { t } = useI18n();
  return (
    <div className="admin-page sg">
      <h1>{t("styleguide.title")}</h1>
      <p className="admin-page__lead">{t("styleguide.lead")}</p>
      <nav aria-label={t("styleguide.contents")} className="admin-toc">
        <ul>
          {(["colours", "type", "buttons", "chips", "cards", "carousel", "forms", "tree", "dialogs", "feedback"] as const).map((s) => (
            <li key={s}>
              <a href={`#sg-${s}`}>{t(`styleguide.${s}` as MessageKey)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <Section id="colours">{() => <Colours />}</Section>
      <Section id="type">{() => <TypeSamples />}</Section>
      <Section id="buttons">{() => <Buttons />}</Section>
      <Section id="chips">{() => <Chips />}</Section>
      <Section id="cards">{(scheme) => <Cards scheme={scheme} />}</Section>
      <Section id="carousel">
        {(scheme) => (
          <Suspense fallback={null}>
            <Carousel
              labelledBy="sg-carousel"
              slides={[0, 1, 2, 3, 4].map((n) => ({
                key: `${scheme}-${n}`,
                content: <RecordCard card={sampleCard(t, 1, n + 10)} placeholder="/placeholder.svg" headingLevel={4} />,
              }))}
            />
          </Suspense>
        )}
      </Section>
      <Section id="forms">{() => <Forms />}</Section>
      <Section id="tree">{() => <Tree />}</Section>
      <Section id="dialogs">{(scheme) => <Dialogs scheme={scheme} />}</Section>
      <Section id="feedback">{() => <Feedback />}</Section>
    </div>
  );
}

/** A section: its heading once, its examples in the light and in the dark palette. */
function Section({ id, children }: { id: string; children: (scheme: "light" | "dark") => React.ReactNode }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby={`sg-${id}`} className="admin-section">
      <h2 id={`sg-${id}`}>{t(`styleguide.${id}` as MessageKey)}</h2>
      <div className="sg__schemes">
        {(["light", "dark"] as const).map((scheme) => (
          // biome-ignore lint/a11y/useSemanticElements: a labelled panel of samples, not a set of form fields (<fieldset>)
          <div key={scheme} className="sg__panel" data-theme={scheme} role="group" aria-label={t(`styleguide.${scheme}` as MessageKey)}>
            <p className="sg__scheme">{t(`styleguide.${scheme}` as MessageKey)}</p>
            {children(scheme)}
          </div>
        ))}
      </div>
    </section>
  );
}

function Colours() {
  const { t } = useI18n();
  return (
    <ul className="sg__swatches">
      {COLOURS.map(([v, key]) => (
        <li key={v}>
          <span className="sg__swatch" style={{ background: `var(${v})` }} aria-hidden="true" />
          <span>
            {t(key)} <code>{v}</code>
          </span>
        </li>
      ))}
    </ul>
  );
}

function TypeSamples() {
  const { t } = useI18n();
  return (
    <div className="sg__type">
      <p className="sg__h1" role="presentation">
        {t("styleguide.sample.heading")}
      </p>
      <p className="sg__serif">{t("styleguide.sample.reading")}</p>
      <p className="sg__sans">{t("styleguide.sample.interface")}</p>
      <p>
        <a href="#sg-type">{t("styleguide.sample.link")}</a> · <code>code</code> · <small>{t("styleguide.sample.small")}</small>
      </p>
    </div>
  );
}

function Buttons() {
  const { t } = useI18n();
  return (
    <div className="admin-buttons">
      <button type="button" className="button button--primary">
        {t("styleguide.button.primary")}
      </button>
      <button type="button" className="button">
        {t("styleguide.button.default")}
      </button>
      <button type="button" className="button button--ghost">
        {t("styleguide.button.ghost")}
      </button>
      <button type="button" className="button button--small">
        {t("styleguide.button.small")}
      </button>
      <button type="button" className="button" disabled>
        {t("styleguide.button.disabled")}
      </button>
      <CloseButton label={t("modal.close")} />
    </div>
  );
}

function Chips() {
  const { t } = useI18n();
  return (
    <div>
      <div className="chips">
        <ul>
          <li>
            <span className="chip">{t("styleguide.sample.chip")}</span>
          </li>
          <li>
            <span className="chip chip--clear">{t("styleguide.sample.chipClear")}</span>
          </li>
          <li>
            <span className="chip chip--suggest">{t("styleguide.sample.chipSuggest")}</span>
          </li>
        </ul>
      </div>
      <p className="admin-buttons">
        {(["complete", "running", "failed", "interrupted"] as const).map((s) => (
          <span key={s} className={`badge badge--${s}`}>
            {t(`console.state.${s}` as MessageKey)}
          </span>
        ))}
      </p>
    </div>
  );
}

function Cards({ scheme }: { scheme: string }) {
  const { t } = useI18n();
  return (
    <div className="sg__cards">
      {VARIANTS.map((variant, i) => (
        <figure key={variant} className={`sg__card sg__card--${variant}`}>
          <RecordCard card={sampleCard(t, i + 1, i)} variant={variant} placeholder="/placeholder.svg" headingLevel={4} />
          <figcaption>
            <code>{variant}</code> · {t(`styleguide.card.access${i + 1}` as MessageKey)}
            <span className="visually-hidden"> ({scheme})</span>
          </figcaption>
        </figure>
      ))}
      {/* the editorial cards (issue 34 §1, §3): a memory page's "interviews", a story's "story" */}
      <figure className="sg__card sg__card--wide">
        <ContentCard
          variant="interviews"
          title={t("styleguide.sample.memoryTitle")}
          href="/styleguide"
          excerpt={t("styleguide.sample.memoryExcerpt")}
          meta={t("styleguide.sample.memorySection")}
          headingLevel={4}
        />
        <figcaption>
          <code>interviews</code> · {t("styleguide.card.interviews")}
          <span className="visually-hidden"> ({scheme})</span>
        </figcaption>
      </figure>
      <figure className="sg__card">
        <ContentCard variant="story" title={t("styleguide.sample.storyTitle")} href="/styleguide" headingLevel={4} />
        <figcaption>
          <code>story</code> · {t("styleguide.card.story")}
          <span className="visually-hidden"> ({scheme})</span>
        </figcaption>
      </figure>
    </div>
  );
}

function Forms() {
  const { t } = useI18n();
  const id = useId();
  return (
    <form className="admin-form" onSubmit={(e) => e.preventDefault()} aria-label={t("styleguide.forms")}>
      <label className="admin-field">
        <span>{t("styleguide.form.text")}</span>
        <input type="text" defaultValue={t("styleguide.sample.title")} />
      </label>
      <label className="admin-field">
        <span>{t("styleguide.form.invalid")}</span>
        <input type="text" aria-invalid="true" aria-describedby={`${id}-err`} defaultValue="31/02/1846" />
      </label>
      <p id={`${id}-err`} className="admin-error">
        {t("styleguide.form.invalidMessage")}
      </p>
      <label className="admin-field">
        <span>{t("styleguide.form.select")}</span>
        <select defaultValue="az">
          <option value="az">A–Z</option>
          <option value="za">Z–A</option>
        </select>
      </label>
      <fieldset className="admin-fieldset">
        <legend>{t("styleguide.form.choice")}</legend>
        <label className="admin-check">
          <input type="radio" name={`${id}-r`} defaultChecked /> {t("styleguide.form.one")}
        </label>
        <label className="admin-check">
          <input type="radio" name={`${id}-r`} /> {t("styleguide.form.two")}
        </label>
      </fieldset>
      <label className="admin-check">
        <input type="checkbox" defaultChecked /> {t("styleguide.form.check")}
      </label>
      <label className="admin-field">
        <span>{t("styleguide.form.textarea")}</span>
        <textarea rows={3} defaultValue={t("styleguide.sample.reading")} />
      </label>
    </form>
  );
}

type Node = { id: string; name: MessageKey; children?: Node[] };
const TREE: Node[] = [
  {
    id: "a",
    name: "styleguide.tree.fonds",
    children: [
      { id: "a1", name: "styleguide.tree.series", children: [{ id: "a1x", name: "styleguide.tree.file" }] },
      { id: "a2", name: "styleguide.tree.series2" },
    ],
  },
];

function Tree() {
  const { t } = useI18n();
  const [open, setOpen] = useState<string[]>(["a"]);
  const render = (nodes: Node[], depth: number): React.ReactNode => (
    <ul className={depth ? "tag-tree__children" : "tag-tree"}>
      {nodes.map((n) => {
        const shown = open.includes(n.id);
        return (
          <li key={n.id}>
            <span className="tag-tree__row">
              {n.children ? (
                <button
                  type="button"
                  className="tag-tree__toggle sg__toggle"
                  aria-expanded={shown}
                  aria-label={shown ? t("search.collapse", { name: t(n.name) }) : t("search.expand", { name: t(n.name) })}
                  onClick={() => setOpen(shown ? open.filter((o) => o !== n.id) : [...open, n.id])}
                >
                  <span aria-hidden="true">{shown ? "▾" : "▸"}</span>
                </button>
              ) : (
                <span className="tag-tree__spacer" aria-hidden="true" />
              )}
              <span>{t(n.name)}</span>
            </span>
            {n.children && shown ? render(n.children, depth + 1) : null}
          </li>
        );
      })}
    </ul>
  );
  return render(TREE, 0);
}

function Dialogs({ scheme }: { scheme: string }) {
  const { t } = useI18n();
  const [which, setWhich] = useState<null | "modal" | "drawer">(null);
  return (
    <div className="admin-buttons">
      <button type="button" className="button" onClick={() => setWhich("modal")}>
        {t("styleguide.dialog.open")}
      </button>
      <button type="button" className="button" onClick={() => setWhich("drawer")}>
        {t("styleguide.drawer.open")}
      </button>
      <Modal
        open={which !== null}
        onClose={() => setWhich(null)}
        title={t(which === "drawer" ? "styleguide.drawer.title" : "styleguide.dialog.title")}
        variant={which === "drawer" ? "drawer" : "modal"}
        closeLabel={t("modal.close")}
        className={`sg__dialog sg__dialog--${scheme}`}
      >
        <div data-theme={scheme}>
          <p>{t("styleguide.dialog.body")}</p>
          <button type="button" className="button button--primary" onClick={() => setWhich(null)}>
            {t("styleguide.dialog.ok")}
          </button>
        </div>
      </Modal>
    </div>
  );
}

function Feedback() {
  const { t } = useI18n();
  return (
    <div>
      <p className="admin-alert admin-alert--ok">{t("dropbox.success")}</p>
      <p className="admin-alert admin-alert--error">{t("dropbox.error")}</p>
      <progress className="admin-job__bar" max={100} value={40} aria-label={t("console.progress.label")} />
    </div>
  );
}
