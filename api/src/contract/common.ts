import { Type, type Static, type TSchema } from 'typebox';
import { Int } from './builders';

// What every part of the API shares: the page envelope, the data envelope, the error body.

export const PaginationSchema = Type.Object({
  total: Int(),
  count: Int(),
  per_page: Int(),
  current_page: Int(),
  total_pages: Int(),
  /**
   * Guest and show lists (decision 127): true when `total` is the result window and more match
   * (counted no further); `total_pages` then reaches the window's end only.
   */
  total_capped: Type.Optional(Type.Boolean()),
});

/** `{data: T[], meta: {pagination}}`: every list the API pages. */
export function PaginatedSchema<T extends TSchema>(item: T) {
  return Type.Object({
    data: Type.Array(item),
    meta: Type.Object({ pagination: PaginationSchema }),
  });
}

/** `{data: T}`: a single answer. */
export function DataSchema<T extends TSchema>(item: T) {
  return Type.Object({ data: item });
}

export type Pagination = Static<typeof PaginationSchema>;

export interface Paginated<T> {
  data: T[];
  meta: { pagination: Pagination };
}

export interface DataEnvelope<T> {
  data: T;
}

/** Every 4xx/5xx body. `errors` only on 422 (Laravel style: field => messages). */
export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

/** A bare confirmation (POST /auth/password/email, POST /auth/email/resend), or a refusal. */
export const MessageSchema = Type.Object({ message: Type.String() });
export type MessageBody = Static<typeof MessageSchema>;
