/** A page of a plain list: `limit` items (none: all of them) after the first `offset`. */
export interface ListPage {
  limit?: number;
  offset: number;
}

/** The whole list. */
export const WHOLE_LIST: ListPage = { offset: 0 };

/** One page of a list already read in full, in its order. */
export function slicePage<T>(items: T[], page: ListPage): T[] {
  return items.slice(page.offset, page.limit === undefined ? undefined : page.offset + page.limit);
}
