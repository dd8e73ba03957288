export {
  api,
  API_PREFIX,
  handlesForbidden,
  onApiEvent,
  readCookie,
  refreshCsrfCookie,
  CSRF_HEADER,
  csrfToken,
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
  DashboardWidgetProps,
  RemoteRoutesModule,
  RemoteWidgetsModule,
  RouteHandle,
} from './federation';
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
export { usePageChromeStore } from './page-chrome';
