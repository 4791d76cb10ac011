/**
 * A record's licence (`source.license`, free text in the interchange format) as the URI aggregators
 * expect: Creative Commons and rightsstatements.org (Europeana's edm:rights accepts only these). A
 * licence that names no known statement is "In Copyright" when it says © or "all rights reserved",
 * else "Copyright Not Evaluated" (decision 050).
 */
export const RIGHTS_IN_COPYRIGHT = "http://rightsstatements.org/vocab/InC/1.0/";
export const RIGHTS_NOT_EVALUATED = "http://rightsstatements.org/vocab/CNE/1.0/";

export function licenceUri(licence: string | null | undefined): string | null {
  if (!licence) return null;
  const text = licence.trim();
  const url =
    /^https?:\/\/(?:www\.)?(creativecommons\.org\/(?:licenses|publicdomain)\/[a-z0-9.\-/]+|rightsstatements\.org\/(?:vocab|page)\/[A-Za-z-]+\/1\.0\/?)/i.exec(
      text,
    );
  if (url) {
    const path = url[1]!.replace(/\/?$/, "/").replace(/^rightsstatements\.org\/page\//i, "rightsstatements.org/vocab/");
    return `http://${path}`;
  }
  const norm = text.toUpperCase().replace(/[\s_]+/g, "-");
  if (/^(?:CC-?0|CC0)(?:-1\.0)?$/.test(norm) || /PUBLIC-DOMAIN-DEDICATION/.test(norm))
    return "http://creativecommons.org/publicdomain/zero/1.0/";
  if (/^(?:PDM|PUBLIC-DOMAIN(?:-MARK)?)(?:-1\.0)?$/.test(norm)) return "http://creativecommons.org/publicdomain/mark/1.0/";
  const cc = /^CC-(BY(?:-(?:NC|SA|ND))*)-?(\d\.\d)?(?:-[A-Z]{2})?$/.exec(norm);
  if (cc) return `http://creativecommons.org/licenses/${cc[1]!.toLowerCase()}/${cc[2] ?? "4.0"}/`;
  if (/©|\(C\)|ALL-RIGHTS-RESERVED|COPYRIGHT/.test(norm)) return RIGHTS_IN_COPYRIGHT;
  return null;
}

/** The edm:rights of a record: its licence's URI, or "Copyright Not Evaluated". */
export function edmRights(licence: string | null | undefined): string {
  return licenceUri(licence) ?? RIGHTS_NOT_EVALUATED;
}
