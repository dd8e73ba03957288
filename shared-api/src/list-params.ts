/** Query values of a list call; `filter` becomes `filter[key]=value` as the API expects. */
export interface ListParams {
  page?: number;
  limit?: number;
  sort?: string;
  filter?: Record<string, string | number | boolean | undefined>;
}

export function toSearchParams(params: ListParams = {}): URLSearchParams {
  const search = new URLSearchParams();
  if (params.page !== undefined) search.set('page', String(params.page));
  if (params.limit !== undefined) search.set('limit', String(params.limit));
  if (params.sort) search.set('sort', params.sort);
  for (const [key, value] of Object.entries(params.filter ?? {})) {
    if (value !== undefined && value !== '') search.set(`filter[${key}]`, String(value));
  }
  return search;
}
