/** buyGoods takes 1 to 99 of a package. */
export const MAX_LINE_QUANTITY = 99;
