// The spec's link rules, the same code the API checks with (one implementation, no server code).
export { hasDomain, isWebUrl, SOCIAL_NETWORKS } from '@guestspot/api/link-rules';
export type { SocialNetworkName } from '@guestspot/api/link-rules';
