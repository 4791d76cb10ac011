// Citation.js ships no type declarations; tests/integration/export-parsers.test.ts uses this much of it.
declare module "@citation-js/core" {
  export class Cite {
    static async(data: unknown): Promise<Cite>;
    data: Record<string, unknown>[];
  }
}
declare module "@citation-js/plugin-bibtex";
