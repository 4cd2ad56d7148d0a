import { type ResponseMeta, type WithResponse } from './core';

/** One page of a list (`{ object: "list", data, has_more }`). */
export interface ListBody<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
}

/**
 * A page of a list, and an async iterable over every item from this page on: it fetches the
 * next pages (`starting_after` = the last item's id, or what `cursorOf` gives for a list whose
 * items have none, while `has_more`) as the loop needs them.
 * `JSON.stringify(page)` is the API's body.
 */
export class Page<T extends object> implements ListBody<T>, AsyncIterable<T> {
  readonly object = 'list' as const;
  readonly data: T[];
  readonly has_more: boolean;
  declare readonly lastResponse: ResponseMeta;
  readonly #fetchPage: (startingAfter: string) => Promise<Page<T>>;
  readonly #cursorOf: (item: T) => string;

  constructor(
    body: WithResponse<ListBody<T>>,
    fetchPage: (startingAfter: string) => Promise<Page<T>>,
    cursorOf: (item: T) => string = (item) => (item as unknown as { id: string }).id,
  ) {
    this.data = body.data;
    this.has_more = body.has_more;
    this.#fetchPage = fetchPage;
    this.#cursorOf = cursorOf;
    Object.defineProperty(this, 'lastResponse', { value: body.lastResponse, enumerable: false });
  }

  hasNextPage(): boolean {
    return this.has_more && this.data.length > 0;
  }

  /** The next page; call only when `hasNextPage()`. */
  getNextPage(): Promise<Page<T>> {
    if (!this.hasNextPage()) throw new Error('No next page: check hasNextPage() first.');
    return this.#fetchPage(this.#cursorOf(this.data[this.data.length - 1]));
  }

  /** Every page from this one on. */
  async *iterPages(): AsyncGenerator<Page<T>> {
    yield this;
    let page: Page<T> | undefined = this.hasNextPage() ? await this.getNextPage() : undefined;
    while (page) {
      yield page;
      page = page.hasNextPage() ? await page.getNextPage() : undefined;
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for await (const page of this.iterPages()) yield* page.data;
  }
}

/** A page still coming: `await` it for the first page, or `for await` over every item. */
export type PagePromise<T extends object> = Promise<Page<T>> & AsyncIterable<T>;

export function pagePromise<T extends object>(first: Promise<Page<T>>): PagePromise<T> {
  return Object.assign(first, {
    async *[Symbol.asyncIterator](): AsyncIterator<T> {
      yield* await first;
    },
  });
}

/** One page of a list paged by an opaque cursor (`{ object, data, has_more, next_cursor }`). */
export interface CursorListBody<T> extends ListBody<T> {
  next_cursor: string | null;
}

/**
 * A page of a cursor-paged list (usage), and an async iterable over every item from this page
 * on: the next pages are fetched with `next_cursor` as the loop needs them.
 */
export class CursorPage<T> implements CursorListBody<T>, AsyncIterable<T> {
  readonly object = 'list' as const;
  readonly data: T[];
  readonly has_more: boolean;
  readonly next_cursor: string | null;
  declare readonly lastResponse: ResponseMeta;
  readonly #fetchPage: (cursor: string) => Promise<CursorPage<T>>;

  constructor(
    body: WithResponse<CursorListBody<T>>,
    fetchPage: (cursor: string) => Promise<CursorPage<T>>,
  ) {
    this.data = body.data;
    this.has_more = body.has_more;
    this.next_cursor = body.next_cursor;
    this.#fetchPage = fetchPage;
    Object.defineProperty(this, 'lastResponse', { value: body.lastResponse, enumerable: false });
  }

  hasNextPage(): boolean {
    return this.has_more && this.next_cursor !== null;
  }

  /** The next page; call only when `hasNextPage()`. */
  getNextPage(): Promise<CursorPage<T>> {
    if (!this.hasNextPage()) throw new Error('No next page: check hasNextPage() first.');
    return this.#fetchPage(this.next_cursor!);
  }

  /** Every page from this one on. */
  async *iterPages(): AsyncGenerator<CursorPage<T>> {
    yield this;
    let page: CursorPage<T> | undefined = this.hasNextPage() ? await this.getNextPage() : undefined;
    while (page) {
      yield page;
      page = page.hasNextPage() ? await page.getNextPage() : undefined;
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for await (const page of this.iterPages()) yield* page.data;
  }
}

/** A cursor page still coming: `await` it for the first page, or `for await` over every item. */
export type CursorPagePromise<T> = Promise<CursorPage<T>> & AsyncIterable<T>;

export function cursorPagePromise<T>(first: Promise<CursorPage<T>>): CursorPagePromise<T> {
  return Object.assign(first, {
    async *[Symbol.asyncIterator](): AsyncIterator<T> {
      yield* await first;
    },
  });
}
