/** The form field every bot check fills: the ALTCHA payload, or the reCAPTCHA token (decision 047). */
export const BOT_TOKEN_FIELD = "botToken";
