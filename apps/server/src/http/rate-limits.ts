/** Requests per minute per session on calls that move money or diamonds: far above a person, far below a script. */
export const MONEY_RATE_LIMIT = 120;
