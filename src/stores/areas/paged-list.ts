/**
 * One paged history list (MEMBER-5, MEMBER-6): the first page on entry (skeleton), pull-down refresh
 * (the first page again, newest first), "loading more" at the end, "no more" once a page comes back
 * short, and a retry after a failed page. A newer load (a refresh, another card) drops the answer of
 * an older one.
 */
import { computed, makeObservable, observable } from 'mobx';
import { ruleOf, settle } from '../../api/request';
import type { RuleError } from '../../domain/errors';
import { change } from '../named-action';

/** One page of a list call (`paged()` of the contract). */
export interface ListPage<T> {
  list: T[];
  total: number;
  page: number;
  pageLimit: number;
  /** Rows the server answered before the caller left some out (paging counts them). */
  fetched?: number;
}

/** Asks for one page. */
export type PageFetch<T> = (page: number, pageLimit: number) => Promise<ListPage<T>>;

export class PagedList<T extends { id: number }> {
  items: T[] = [];
  page = 0;
  total = 0;
  /** The last page came back short: nothing more to ask for. */
  exhausted = false;
  loading = false;
  refreshing = false;
  /** A first page has arrived (the skeleton gives way to the list or the empty state). */
  loaded = false;
  error: RuleError | null = null;
  private generation = 0;
  private refreshRun: Promise<void> | null = null;

  /**
   * `name` prefixes the named state changes (`wallet/doc/…`); `fetch` asks the server for a page
   * (`null` when there is nothing to ask yet, e.g. no card).
   */
  constructor(
    private readonly name: string,
    private fetch: PageFetch<T>,
    readonly pageLimit = 20,
  ) {
    makeObservable<PagedList<T>, 'fetch'>(this, {
      items: observable.ref,
      page: observable,
      total: observable,
      exhausted: observable,
      loading: observable,
      refreshing: observable,
      loaded: observable,
      error: observable.ref,
      fetch: false,
      hasMore: computed,
      firstLoad: computed,
    });
  }

  get hasMore(): boolean {
    return this.loaded && !this.exhausted;
  }

  /** Nothing to show yet and a load is under way (docs/architecture.md §22 Screens: skeleton rows on first load). */
  get firstLoad(): boolean {
    return !this.loaded && this.error === null;
  }

  /** Starts over from the first page (entering the screen; another card's history). */
  load(fetch?: PageFetch<T>): Promise<void> {
    const restart = fetch !== undefined && fetch !== this.fetch;
    if (fetch) this.fetch = fetch;
    if (restart) {
      change(`${this.name}/restart`, () => {
        this.items = [];
        this.page = 0;
        this.total = 0;
        this.exhausted = false;
        this.loaded = false;
        this.error = null;
      });
    }
    return this.loadPage(1, 'replace');
  }

  /** Pull-to-refresh: the first page again; a second pull while one runs joins it. */
  refresh(): Promise<void> {
    if (this.refreshRun) return this.refreshRun;
    change(`${this.name}/refreshing`, () => {
      this.refreshing = true;
    });
    const run = this.loadPage(1, 'replace').finally(() => {
      this.refreshRun = null;
      change(`${this.name}/refreshed`, () => {
        this.refreshing = false;
      });
    });
    this.refreshRun = run;
    return run;
  }

  /** The next page ("loading more"); nothing while a load runs or once all are listed. */
  async loadMore(): Promise<void> {
    if (this.loading || this.refreshing || !this.hasMore) return;
    await this.loadPage(this.page + 1, 'append');
  }

  private async loadPage(page: number, mode: 'replace' | 'append'): Promise<void> {
    const generation = (this.generation += 1);
    change(`${this.name}/loading`, () => {
      this.loading = true;
      this.error = null;
    });
    try {
      const res = await settle(this.fetch(page, this.pageLimit));
      if (generation !== this.generation) return;
      change(`${this.name}/page`, () => {
        if (!res.ok) {
          this.error = ruleOf(res.error);
          return;
        }
        if (mode === 'replace') this.items = res.data.list;
        else {
          // rows added meanwhile shift the pages: a row already listed is not listed twice
          const known = new Set(this.items.map((x) => x.id));
          this.items = [...this.items, ...res.data.list.filter((x) => !known.has(x.id))];
        }
        this.page = page;
        this.total = res.data.total;
        this.exhausted = (res.data.fetched ?? res.data.list.length) < res.data.pageLimit || page * res.data.pageLimit >= res.data.total;
        this.loaded = true;
      });
    } finally {
      if (generation === this.generation) {
        change(`${this.name}/loaded`, () => {
          this.loading = false;
        });
      }
    }
  }
}
