// What the creation screens' tests share: the three steps as routes, a Pro session, MSW's CSRF
// cookie and a draft store emptied between tests.
import { http, HttpResponse } from 'msw';
import { makeUser, renderWithProviders, server, setSession } from '@guestspot/shared-api/testing';
import { closeSubscribeDialog } from '@guestspot/shared-ui';
import {
  MINIVIEW_DRAFT_KEY,
  useMiniviewDraftStore,
  type MiniviewDraft,
} from '../stores/miniview-draft-store';
import { CreatedPage } from './created-page';
import { QuestionsStepPage } from './questions-step';
import { TitleStepPage } from './title-step';

export const pro = makeUser({ id: 5, account_type: 'pro' });

export function resetCreation() {
  setSession(pro);
  sessionStorage.removeItem(MINIVIEW_DRAFT_KEY);
  useMiniviewDraftStore.setState({ drafts: {}, created: {} });
  closeSubscribeDialog();
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
  );
}

export function setDraft(draft: MiniviewDraft, userId = pro.id) {
  useMiniviewDraftStore.setState({ drafts: { [userId]: draft } });
}

const steps = [
  { path: '/miniviews-create', element: <TitleStepPage /> },
  { path: '/miniviews-create/questions', element: <QuestionsStepPage /> },
  { path: '/miniviews-create/success', element: <CreatedPage /> },
  { path: '/user-miniviews', element: <h1>Your MINIVIEWs</h1> },
  { path: '/user-miniviews/:miniviewId', element: <h1>MINIVIEW page</h1> },
];

/** The creation steps at `route`, as the shell routes them. */
export function renderCreation(route: string) {
  const first = steps.find((step) => step.path === route) ?? steps[0]!;
  return renderWithProviders(first.element, {
    route,
    path: first.path,
    routes: steps.filter((step) => step !== first),
  });
}
