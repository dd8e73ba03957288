export {
  api,
  API_PREFIX,
  handlesForbidden,
  onApiEvent,
  readCookie,
  refreshCsrfCookie,
} from './client';
export {
  ApiError,
  apiErrorFromBody,
  applyFormErrors,
  errorMessages,
  GENERIC_ERROR_MESSAGE,
  isApiError,
  serverMessage,
  type FormErrorTarget,
} from './errors';
export { queryClient, queryKeys } from './query-client';
export { toSearchParams, type ListParams } from './list-params';
export * as authApi from './auth';
export type {
  CompleteAccountPayload,
  LoginPayload,
  RegisterPayload,
  ResetPasswordPayload,
  ValidateTokenPayload,
} from './auth';
export { getCurrentUser, updateUser, type UpdateUserPayload } from './users';
export {
  listGuests,
  getGuest,
  getGuestDetail,
  createGuest,
  updateGuest,
  getGuestLinks,
  updateGuestLinks,
  getGuestAvailability,
  updateGuestAvailability,
} from './guests';
export {
  listShows,
  getShow,
  getShowDetail,
  createShow,
  updateShow,
  getShowLinks,
  updateShowLinks,
  listShowTypes,
} from './shows';
export { hasDomain, isWebUrl, SOCIAL_NETWORKS, type SocialNetworkName } from './link-rules';
export { listCategories } from './categories';
export { listBookings } from './bookings';
export {
  createMiniview,
  deleteMiniview,
  getMiniview,
  getPublicMiniview,
  listMiniviews,
  mediaDownloadUrl,
  miniviewShareUrl,
  submitMiniviewAnswers,
  type MiniviewAnswersPayload,
  type NewMiniviewPayload,
} from './miniviews';
export {
  onSessionExpired,
  useCurrentUser,
  useSessionStore,
  type SessionState,
} from './session/session-store';
export {
  decideAccess,
  isOpenToUnfinishedAccounts,
  routePaths,
  type AccessDecision,
  type RouteAccess,
} from './session/access';
export { rememberRedirect, safeRedirectPath, takeRedirect } from './session/redirect-path';
export type * from './types';
export type {
  DashboardWidget,
  RemoteRoutesModule,
  RemoteWidgetsModule,
  RouteHandle,
} from './federation';
export { subscribeToMailingList } from './mailing-list';
export * as billingApi from './billing';
export { approveTerms } from './terms';
export { deleteUserMedia, uploadImage, type UploadImageOptions } from './uploads';
export { uploadRecording, type UploadRecordingOptions } from './recordings';
export { searchAdminUsers, startImpersonation, stopImpersonation } from './impersonation';
export { adminUpdateUser, getAdminUser, type AdminUpdateUserPayload } from './admin-users';
export {
  DEFAULT_TIMEZONE,
  findTimezoneOption,
  gmtLabel,
  isTimezoneOption,
  TIMEZONE_OPTIONS,
  type TimezoneOption,
} from './timezones';
export {
  announceOAuthConnected,
  completeOAuth,
  getOAuthRedirect,
  onOAuthConnected,
  OAUTH_LINK_PROVIDERS,
  OAUTH_PROVIDER_NAMES,
  socialLoginUrl,
  type OAuthLinkProvider,
  type SocialLoginProvider,
} from './oauth';
export * as teamApi from './team';
export * as integrationsApi from './integrations';
export * as accountStatusApi from './account-status';
export {
  clearLoginConfirmedCookie,
  confirmLogin,
  hasLoginConfirmedCookie,
  LOGIN_CONFIRMED_COOKIE,
  LOGIN_NOT_CONFIRMED_MESSAGE,
  requestLoginConfirmation,
  withLoginConfirmation,
  SOCIAL_CONFIRMATION_SECONDS,
  useLoginConfirmationStore,
} from './session/login-confirmation';
export * as payoutsApi from './payouts';
export { isFollowableLink, PAYOUT_RETURN_PARAM } from './payouts';
export { getGeolocation } from './geolocation';
export {
  getHomeSection,
  getHomeSections,
  getPriceStats,
  listPopularTags,
  listTags,
} from './marketplace';
export { toggleFavorite } from './favorites';
export * as smartlistApi from './smartlist';
export { listReviews } from './reviews';
export { requestAvailability, sendInquiry } from './inquiries';
export { joinWaitlist } from './waitlist';
export {
  BOOKING_DRAFT_STORAGE_KEY,
  useBookingDraftStore,
  type BookingDraft,
} from './booking-draft';
export { usePageChromeStore } from './page-chrome';
export {
  CONNECT_PAGE_LIMIT,
  listConnectCandidates,
  rejectConnectCandidate,
  type ConnectCandidateParams,
} from './connect';
export { getContentPage } from './pages';
export { incrementReferralViews, storeReferralCookie } from './referrals';
