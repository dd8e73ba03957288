// The API's JSON shapes are defined once, by the server (api/src/contract.ts); the browser
// imports the types only, so nothing of the server is bundled.
export type * from '@guestspot/api/contract';
export type { ErrorBody as ValidationBody } from '@guestspot/api/contract';
