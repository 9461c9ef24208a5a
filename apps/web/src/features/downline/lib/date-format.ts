/** SPEC section 9: the default date format. */
export const DATE_FORMAT = 'MM-DD-YYYY';
