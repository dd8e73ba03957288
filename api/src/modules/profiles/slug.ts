import { isReservedPathSegment } from '../../reserved-paths';

/** A URL slug: ASCII letters and digits joined by single hyphens ("Café & Co" → "cafe-and-co"). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * `base`, or the first of base-2, base-3, … that no other profile has (`taken`) and that is not
 * one of the site's own paths: a guest called "Messages" is /messages-2, since /messages is the
 * inbox's (reserved-paths.ts, decision 108).
 */
export function availableSlug(base: string, taken: ReadonlySet<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug) || isReservedPathSegment(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}
