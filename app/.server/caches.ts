/**
 * The process's caches of catalogue data (facets, synonyms, the home page's
 * sample pool) register how to forget a database's entries; an import calls
 * catalogueChanged, and every one of them is cleared at once.
 */
const clearers = new Set<(database: object) => void>();

export function registerCache(clear: (database: object) => void) {
  clearers.add(clear);
}

export function catalogueChanged(database: object) {
  for (const clear of clearers) clear(database);
}
