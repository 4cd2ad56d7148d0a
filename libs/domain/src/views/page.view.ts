/** A cursor-paginated list, newest first: pass `nextCursor` back as `cursor` for the next page. */
export interface PageView<T> {
  items: T[];
  /** `null` on the last page. */
  nextCursor: string | null;
}
