// The JSON this API answers with and the bodies it reads, by domain (contract/*.ts). The browser
// takes these types from here (shared-api/src/types.ts: `export type *`), type-only, so nothing
// of the server is bundled. Times travel as ISO 8601 UTC strings, money as integer cents.
// A route that declares a schema (decisions 069 and 072) has its types derived from it
// (Static<>), so validation, serialisation and the browser's types are one declaration.

export type { ProfileSide } from './booking-facts';
export * from './contract/common';
export * from './contract/users';
export * from './contract/profiles';
export * from './contract/booking-setup';
export * from './contract/availability';
export * from './contract/marketplace';
export * from './contract/miniviews';
export * from './contract/billing';
export * from './contract/integrations';
export * from './contract/calendar-feed';
export * from './contract/payouts';
export * from './contract/bookings';
export * from './contract/booking-list';
export * from './contract/booking-completion';
export * from './contract/booking-money';
export * from './contract/payments';
export * from './contract/conversations';
export * from './contract/reviews';
