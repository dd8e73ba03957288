import type { Paginated } from '../contract';
import type { Validator } from './validation';

export const MAX_PER_PAGE = 100;

export interface PageRequest {
  page: number;
  perPage: number;
  offset: number;
}

/** `page` (integer >= 1, default 1) and `limit` (integer, clamped into 1..100). */
export function readPage(query: Validator, defaultPerPage: number): PageRequest {
  const page = query.integer('page', { min: 1, max: 1_000_000 }) ?? 1;
  const limit = query.integer('limit');
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, limit ?? defaultPerPage));
  return { page, perPage, offset: (page - 1) * perPage };
}

export function paginated<T>(
  data: T[],
  total: number,
  { page, perPage }: PageRequest,
): Paginated<T> {
  return {
    data,
    meta: {
      pagination: {
        total,
        count: data.length,
        per_page: perPage,
        current_page: page,
        total_pages: Math.max(1, Math.ceil(total / perPage)),
      },
    },
  };
}
