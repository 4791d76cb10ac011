import { L, type L as LT, type Rng } from "../language";
import { THIS_YEAR } from "../vocabulary";
import type { Ent } from "./world";

/** Running-text forms of an entity name: Italian with its article. */
export const entIt = (e: Ent) => `${e.itArt}${e.name.it}`;
export const entL = (e: Ent): LT => L(entIt(e), e.name.en, e.name.fr);

export function activeIn(e: Ent, y: number) {
  const start = e.kind === "persona" ? e.from + 16 : e.from;
  const end = e.to ?? THIS_YEAR;
  return y >= start && y <= end;
}

export function pickEntity(r: Rng, pool: Ent[] | undefined, y: number | undefined, tries = 10): Ent | undefined {
  if (!pool?.length) return undefined;
  for (let i = 0; i < tries; i++) {
    const e = r.pick(pool);
    if (y === undefined || activeIn(e, y)) return e;
  }
  return undefined;
}
