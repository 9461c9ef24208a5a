/** Page-number paging over `{list, total, page, pageSize}` answers. */
export function nextPageOf(last: { total: number; page: number; pageSize: number }): number | undefined {
  return last.page * last.pageSize < last.total ? last.page + 1 : undefined;
}

/** The page size of the endless lists (bills, withdrawals, the transfer page's children). */
export const PAGE_SIZE = 20;
