// The site's own first path segments, the same list the API refuses as profile slugs (one
// definition, no server code; decision 108).
export { isReservedPathSegment, RESERVED_PATH_SEGMENTS } from '@guestspot/api/reserved-paths';
