import { compilePattern, type LinearPattern } from "~/.server/linear-pattern";

/**
 * The password rule of spec §5: at least 8 characters with a lowercase letter, an uppercase letter, a digit
 * and one of - _ ! $ % @ #. Site options may give their own pattern (patternPassword). Checked on the server
 * (every place a password is set) with the message key `password.invalid`. Patterns run on the linear-time
 * engine of ~/.server/linear-pattern, never on RegExp: the site's pattern meets visitors' input.
 */
export const DEFAULT_PASSWORD_PATTERN = "^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[-_!$%@#]).{8,}$";

/** Longer passwords are refused before hashing: argon2 of a megabyte is work an attacker could ask for. */
export const PASSWORD_MAX_LENGTH = 256;

export function passwordAcceptable(password: string, pattern: string = DEFAULT_PASSWORD_PATTERN): boolean {
  // The length goes first: nothing longer ever reaches the pattern.
  if (password.length > PASSWORD_MAX_LENGTH) return false;
  // A stored pattern that no longer compiles (saved before the engine changed) falls back to the spec's rule.
  const compiled = compilePattern(pattern);
  const re = typeof compiled === "string" ? (compilePattern(DEFAULT_PASSWORD_PATTERN) as LinearPattern) : compiled;
  return re.test(password) && password.length >= 8;
}
