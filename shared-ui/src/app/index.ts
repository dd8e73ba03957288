import './page.css';

export { AccessGuard } from './access-guard';
export { PageBoundary } from './page-boundary';
export { PageLoading } from './page-loading';
export { adoptPrerenderedPage, PRERENDERED_CLASS } from './prerendered-page';
export { lazyPage, retryFailedPages, type LazyPage } from './lazy-page';
export { LOGGED_IN_EVENT, openLoginModal, useLoginModalStore } from './login-modal-store';
export {
  closeProFeatureDialog,
  openProFeatureDialog,
  ProFeatureDialogHost,
  useProFeatureDialogStore,
} from './pro-feature-dialog-store';
export {
  closeSubscribeDialog,
  openSubscribeDialog,
  useSubscribeDialogStore,
} from './subscribe-dialog-store';
