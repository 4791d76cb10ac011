/**
 * The password rule of spec §5: at least 8 characters with a lowercase letter, an uppercase letter, a digit
 * and one of - _ ! $ % @ #. Site options may give their own pattern (patternPassword). Checked on the server
 * (every place a password is set) with the message key `password.invalid`.
 */
export const DEFAULT_PASSWORD_PATTERN = "^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[-_!$%@#]).{8,}$";

/** Longer passwords are refused before hashing: argon2 of a megabyte is work an attacker could ask for. */
export const PASSWORD_MAX_LENGTH = 256;

export function passwordAcceptable(password: string, pattern: string = DEFAULT_PASSWORD_PATTERN): boolean {
  if (password.length > PASSWORD_MAX_LENGTH) return false;
  let re: RegExp;
  try {
    re = new RegExp(pattern, "u");
  } catch {
    re = new RegExp(DEFAULT_PASSWORD_PATTERN, "u");
  }
  return re.test(password) && password.length >= 8;
}
