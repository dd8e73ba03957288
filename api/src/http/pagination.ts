import type { Paginated } from '../contract';
import { MAX_PER_PAGE } from './schema';

export { MAX_PER_PAGE };

export interface PageRequest {
  page: number;
  perPage: number;
  offset: number;
}

/** `page` (default 1) and `limit` (clamped into 1..100) from a query checked with PageQuery. */
export function pageOf(
  query: { page?: number | undefined; limit?: number | undefined },
  defaultPerPage: number,
): PageRequest {
  const page = query.page ?? 1;
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, query.limit ?? defaultPerPage));
  return { page, perPage, offset: (page - 1) * perPage };
}

/**
 * A list inside a result window (decision 127): `served` of its `total` are reachable page by
 * page; `capped`: the total is a lower bound (counted no further than the window).
 */
export interface ResultWindow {
  served: number;
  capped: boolean;
}

export function paginated<T>(
  data: T[],
  total: number,
  { page, perPage }: PageRequest,
  window?: ResultWindow,
): Paginated<T> {
  const reachable = window ? window.served : total;
  return {
    data,
    meta: {
      pagination: {
        total,
        count: data.length,
        per_page: perPage,
        current_page: page,
        total_pages: Math.max(1, Math.ceil(reachable / perPage)),
        ...(window ? { total_capped: window.capped } : {}),
      },
    },
  };
}
