import type { Page } from "@playwright/test";
import { countStatus, expect, expectAccessible, hydrated, resultCount, test } from "./helpers";

/**
 * The search page says what the search did: a misspelling corrected, words
 * relaxed when no record holds them all, a correction offered ("did you
 * mean"), a century in the words offered as the date filter — in the three
 * languages, on the demo archive (words from scripts/demo/vocabulary.ts).
 */

/** Escapes text for a RegExp. */
const re = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const LOCALES = [
  {
    prefix: "",
    lang: "it",
    label: "Cerca",
    submit: "Cerca",
    filters: "Filtri attivi",
    period: "Periodo",
    from: "Dal",
    to: "Al",
    remove: "Rimuovi il filtro",
    resultsFor: (q: string) => new RegExp(`^\\d+ risultati per «${re(q)}»$`),
    typo: "fotograffia",
    fixed: "fotografia",
    corrected: (q: string, c: string) => `Nessun risultato per «${q}»: ecco i risultati per «${c}».`,
    present: "milano",
    relaxed: (q: string) => `Nessun documento contiene tutte le parole di «${q}»: ecco quelli che ne contengono alcune.`,
    century: "XIX secolo",
    dateSuggestion: "Solo documenti datati 1801–1900",
    noResults: (q: string) => `Nessun risultato per «${q}»`,
    didYouMean: "Forse cercavi «fotografia»?",
    browseAll: "Sfoglia tutto l'archivio",
    withoutWords: (q: string) => `Senza le parole «${q}»`,
  },
  {
    prefix: "/en",
    lang: "en",
    label: "Search",
    submit: "Search",
    filters: "Active filters",
    period: "Period",
    from: "From",
    to: "To",
    remove: "Remove the filter",
    resultsFor: (q: string) => new RegExp(`^\\d+ results for “${re(q)}”$`),
    typo: "photograpph",
    fixed: "photograph",
    corrected: (q: string, c: string) => `No results for “${q}”: showing results for “${c}”.`,
    present: "milan",
    relaxed: (q: string) => `No record holds all the words of “${q}”: showing records with some of them.`,
    century: "19th century",
    dateSuggestion: "Show only records dated 1801–1900",
    noResults: (q: string) => `No results for “${q}”`,
    didYouMean: "Did you mean “photograph”?",
    browseAll: "Browse the whole archive",
    withoutWords: (q: string) => `Without the words “${q}”`,
  },
  {
    prefix: "/fr",
    lang: "fr",
    label: "Rechercher",
    submit: "Rechercher",
    filters: "Filtres actifs",
    period: "Période",
    from: "Du",
    to: "Au",
    remove: "Retirer le filtre",
    resultsFor: (q: string) => new RegExp(`^\\d+ résultats? pour\\s«\\s${re(q)}\\s»$`),
    // A letter dropped.
    typo: "photograhie",
    fixed: "photographie",
    corrected: (q: string, c: string) => `Aucun résultat pour « ${q} » : voici les résultats pour « ${c} ».`,
    present: "milan",
    relaxed: (q: string) => `Aucune notice ne contient tous les mots de « ${q} » : voici celles qui en contiennent une partie.`,
    century: "XIXe siècle",
    dateSuggestion: "Uniquement les notices datées entre 1801 et 1900",
    noResults: (q: string) => `Aucun résultat pour « ${q} »`,
    didYouMean: "Vouliez-vous dire « photographie » ?",
    browseAll: "Parcourir toutes les archives",
    withoutWords: (q: string) => `Sans les mots « ${q} »`,
  },
] as const;

/** A message as a whole-text pattern: any space may be a non-breaking one (French typography). */
const text = (s: string) => new RegExp(`^${re(s).replace(/ /g, "\\s")}$`);

// Every test starts from its own page and context: they can share the two workers.
test.describe.configure({ mode: "parallel" });

const results = (page: Page, label: string) => page.getByRole("region", { name: label, exact: true });
const resultTitles = (page: Page, label: string) => results(page, label).locator(".card__link, .results-table th[scope=row] a");
const notices = (page: Page) => page.locator(".search__notices .notice");

for (const l of LOCALES) {
  test(`a misspelled word is corrected, and the page says so, in ${l.lang}`, async ({ page }) => {
    await page.goto(`${l.prefix}/cerca`);
    await hydrated(page);
    const form = page.getByRole("search");
    await form.getByLabel(l.label, { exact: true }).fill(l.typo);
    await form.getByRole("button", { name: l.submit, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${re(l.prefix)}/cerca\\?q=${l.typo}$`));

    // The notice names what was typed and what was searched; the count describes the results shown.
    await expect(notices(page)).toHaveText(text(l.corrected(l.typo, l.fixed)));
    await expect(countStatus(page)).toHaveText(l.resultsFor(l.fixed));
    const n = await resultCount(page);
    expect(n).toBeGreaterThan(0);
    await expect(resultTitles(page, l.label).first()).toHaveText(new RegExp(l.fixed, "i"));
    // The words searched stay those typed: in the box and as the active filter.
    await expect(form.getByLabel(l.label, { exact: true })).toHaveValue(l.typo);
    await expect(
      page.getByRole("navigation", { name: l.filters, exact: true }).getByRole("link", { name: `${l.remove} «${l.typo}»`, exact: true }),
    ).toBeVisible();
    await expectAccessible(page);

    // The correction itself finds the same records, with nothing to say.
    await page.goto(`${l.prefix}/cerca?q=${l.fixed}`);
    await expect(countStatus(page)).toHaveText(l.resultsFor(l.fixed));
    expect(await resultCount(page)).toBe(n);
    await expect(notices(page)).toHaveCount(0);
  });

  test(`words no record holds all of are relaxed, and the page says so, in ${l.lang}`, async ({ page }) => {
    const q = `${l.present} zzqqxx`;
    await page.goto(`${l.prefix}/cerca?q=${encodeURIComponent(q)}`);
    await expect(notices(page)).toHaveText(text(l.relaxed(q)));
    await expect(countStatus(page)).toHaveText(l.resultsFor(q));
    const n = await resultCount(page);
    expect(n).toBeGreaterThan(0);
    // The records shown hold the word that exists: as many as that word finds alone.
    await expect(resultTitles(page, l.label).first()).toHaveText(new RegExp(l.present, "i"));
    // "zzqqxx" looks like no word of the archive: nothing to offer instead.
    await expect(page.locator(".did-you-mean")).toHaveCount(0);
    await expectAccessible(page);

    await page.goto(`${l.prefix}/cerca?q=${l.present}`);
    expect(await resultCount(page)).toBe(n);
    await expect(notices(page)).toHaveCount(0);
  });

  test(`a century in the words is offered as the date filter, in ${l.lang}`, async ({ page }) => {
    await page.goto(`${l.prefix}/cerca?q=${encodeURIComponent(l.century)}`);
    await hydrated(page);
    const before = await resultCount(page);
    expect(before).toBeGreaterThan(0);
    const chips = page.getByRole("navigation", { name: l.filters, exact: true });
    const suggestion = page.getByRole("link", { name: text(l.dateSuggestion) });
    await expect(suggestion).toBeVisible();
    // A suggestion, not an active filter: outside the chips, and the date fields are empty.
    await expect(chips.getByRole("link", { name: text(l.dateSuggestion) })).toHaveCount(0);
    const period = page.getByRole("region", { name: l.period, exact: true });
    await expect(period.getByLabel(l.from, { exact: true })).toHaveValue("");
    await expect(period.getByLabel(l.to, { exact: true })).toHaveValue("");
    await expectAccessible(page);

    await suggestion.click();
    await expect(page).toHaveURL(
      new RegExp(`${re(l.prefix)}/cerca\\?q=${re(encodeURIComponent(l.century).replace(/%20/g, "+"))}&from=1801&to=1900$`),
    );
    await expect(chips.getByRole("link", { name: `${l.remove} 1801 – 1900`, exact: true })).toBeVisible();
    await expect(period.getByLabel(l.from, { exact: true })).toHaveValue("1801");
    await expect(period.getByLabel(l.to, { exact: true })).toHaveValue("1900");
    await expect(page.getByRole("link", { name: text(l.dateSuggestion) })).toHaveCount(0);
    const after = await resultCount(page);
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThanOrEqual(before);
    // The words are kept.
    await expect(page.getByRole("search").getByLabel(l.label, { exact: true })).toHaveValue(l.century);
    await expectAccessible(page);
  });

  test(`no results: a correction and a way back to every record are offered, in ${l.lang}`, async ({ page }) => {
    // The misspelling's correction exists, but not in these years: nothing is shown, the correction is offered.
    await page.goto(`${l.prefix}/cerca?q=${l.typo}&from=1500&to=1510`);
    await hydrated(page);
    const empty = page.locator(".empty-state");
    await expect(empty.getByRole("heading", { name: text(l.noResults(l.typo)) })).toBeVisible();
    await expect(empty.locator(".did-you-mean")).toHaveText(text(l.didYouMean));
    await expect(notices(page)).toHaveCount(0);
    // The ways out: the words taken away (with what that finds, when it finds something), and the whole archive.
    const withoutWords = empty.getByRole("link", { name: new RegExp(`^${re(l.withoutWords(l.typo)).replace(/ /g, "\\s")} `) });
    const dated = (await (await page.request.get(`/api/public/search?from=1500&to=1510&locale=${l.lang}`)).json()).count as number;
    await expect(withoutWords).toHaveCount(dated > 0 ? 1 : 0);
    await expect(empty.getByRole("link", { name: l.browseAll, exact: true })).toBeVisible();
    await expectAccessible(page);

    // Following it searches the correction, the other state kept.
    await empty.locator(".did-you-mean").getByRole("link", { name: l.fixed, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${re(l.prefix)}/cerca\\?q=${l.fixed}&from=1500&to=1510$`));
    await expect(page.getByRole("search").getByLabel(l.label, { exact: true })).toHaveValue(l.fixed);

    // Words nothing looks like: no correction, a link to browse everything.
    await page.goto(`${l.prefix}/cerca?q=zzqqxx`);
    await hydrated(page);
    await expect(countStatus(page)).toHaveText(l.resultsFor("zzqqxx"));
    expect(await resultCount(page)).toBe(0);
    await expect(page.locator(".did-you-mean")).toHaveCount(0);
    const browse = page.locator(".empty-state").getByRole("link", { name: l.browseAll, exact: true });
    await expect(browse).toBeVisible();
    await expectAccessible(page);
    await browse.click();
    await expect(page).toHaveURL(new RegExp(`${re(l.prefix)}/cerca$`));
    await expect.poll(() => resultCount(page)).toBeGreaterThan(0);
    await expect(page.locator(".empty-state")).toHaveCount(0);
  });
}
