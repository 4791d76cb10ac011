/**
 * Small helpers for building Italian, English and French phrases from
 * vocabulary tables, plus the seeded PRNG used by the demo generator.
 *
 * Noun phrases are kept in their "bare" form with the article they take
 * ("lo stabilimento di Sesto", "the Sesto works", "l'usine de Sesto"); the
 * helpers below add prepositions with the right contraction or elision.
 */

export type Lang = "it" | "en" | "fr";
export const LANGS: Lang[] = ["it", "en", "fr"];
export type L = { it: string; en: string; fr: string };

/** A trilingual string; en and fr default to the previous language (proper names). */
export function L(it: string, en: string = it, fr: string = en): L {
  return { it, en, fr };
}

export function mapL(l: L, fn: (s: string, lang: Lang) => string): L {
  return { it: fn(l.it, "it"), en: fn(l.en, "en"), fr: fn(l.fr, "fr") };
}

/** Joins per language with a template function. */
export function tl(fn: (lang: Lang) => string): L {
  return { it: fn("it"), en: fn("en"), fr: fn("fr") };
}

export const cap = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

const IT_CONTRACT: Record<string, Record<string, string>> = {
  il: { di: "del", a: "al", da: "dal", in: "nel", su: "sul" },
  lo: { di: "dello", a: "allo", da: "dallo", in: "nello", su: "sullo" },
  la: { di: "della", a: "alla", da: "dalla", in: "nella", su: "sulla" },
  "l'": { di: "dell'", a: "all'", da: "dall'", in: "nell'", su: "sull'" },
  i: { di: "dei", a: "ai", da: "dai", in: "nei", su: "sui" },
  gli: { di: "degli", a: "agli", da: "dagli", in: "negli", su: "sugli" },
  le: { di: "delle", a: "alle", da: "dalle", in: "nelle", su: "sulle" },
};

/** Italian preposition + noun phrase: itPrep("di", "lo stabilimento") = "dello stabilimento". */
export function itPrep(prep: "di" | "a" | "da" | "in" | "su", np: string): string {
  const m = /^(il|lo|la|i|gli|le) (.*)$/.exec(np) ?? /^(l')(.*)$/.exec(np);
  if (m) {
    const c = IT_CONTRACT[m[1]!]![prep]!;
    return c.endsWith("'") ? c + m[2] : `${c} ${m[2]}`;
  }
  return `${prep} ${np}`;
}

const FR_VOWEL = /^[aeiouyàâéèêëîïôûüœæhAEIOUYÀÂÉÈÊËÎÏÔÛÜŒÆ]/;
const FR_NO_ELISION = /^(Hans|Hedwig|Hong|Hambourg|Hanovre|Harland|Hargreaves|Harrington|Hoffmann|Hongrie|Haute|Hollande)/;

/** French "de" + noun phrase: du, des, de la, de l', d'. */
export function frDe(np: string): string {
  let m: RegExpExecArray | null;
  if ((m = /^le (.*)$/.exec(np))) return `du ${m[1]}`;
  if ((m = /^les (.*)$/.exec(np))) return `des ${m[1]}`;
  if ((m = /^la (.*)$/.exec(np))) return `de la ${m[1]}`;
  if ((m = /^l'(.*)$/.exec(np))) return `de l'${m[1]}`;
  if (FR_VOWEL.test(np) && !FR_NO_ELISION.test(np)) return `d'${np}`;
  return `de ${np}`;
}

/** French "à" + noun phrase: au, aux, à la, à l'. */
export function frA(np: string): string {
  let m: RegExpExecArray | null;
  if ((m = /^le (.*)$/.exec(np))) return `au ${m[1]}`;
  if ((m = /^les (.*)$/.exec(np))) return `aux ${m[1]}`;
  return `à ${np}`;
}

/** "Fotografia" + "dello stabilimento di Sesto" etc.: the "of" form per language. */
export function ofL(np: L): L {
  return { it: itPrep("di", np.it), en: `of ${np.en}`, fr: frDe(np.fr) };
}

/** The noun phrase without its leading article, capitalised: a record label. */
export function titleOf(np: L): L {
  return {
    it: cap(np.it.replace(/^(il|lo|la|i|gli|le|un|una|uno) /, "").replace(/^(l'|un')/, "")),
    en: cap(np.en.replace(/^(the|a|an) /, "")),
    fr: cap(np.fr.replace(/^(le|la|les|un|une) /, "").replace(/^l'/, "")),
  };
}

export const MONTHS: Record<Lang, string[]> = {
  it: ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  fr: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
};

/** Decimal number in the locale's notation (one decimal at most). */
export function num(n: number, lang: Lang): string {
  const s = Number.isInteger(n) ? String(n) : n.toFixed(1);
  return lang === "en" ? s : s.replace(".", ",");
}

// ---------------------------------------------------------------------------
// Seeded PRNG
// ---------------------------------------------------------------------------

/** mulberry32: small, fast, good enough for demo data. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a 32-bit hash of a string, for deriving sub-seeds. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  private next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  static derive(seed: number, key: string): Rng {
    return new Rng(hash32(`${seed}:${key}`));
  }
  float(): number {
    return this.next();
  }
  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i]!;
      if (r < 0) return items[i]!;
    }
    return items[items.length - 1]!;
  }
  /** Roughly bell-shaped value in [min, max] (mean of two uniforms). */
  bell(min: number, max: number): number {
    return Math.round(min + ((this.next() + this.next()) / 2) * (max - min));
  }
  /** k distinct items (k capped at the list length). */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = items.slice();
    const out: T[] = [];
    for (let i = 0; i < k && copy.length; i++) out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]!);
    return out;
  }
}
