import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '@guestspot/shared-api';
import { lazyPage } from '@guestspot/shared-ui';

// Every page is its own chunk: the shell loads this module to route, not to render.
const MiniviewsPage = lazyPage(
  () => import('./features/miniview-list/components/miniviews-page'),
  'MiniviewsPage',
);

const MiniviewDetailPage = lazyPage(
  () => import('./features/miniview-detail/components/miniview-detail-page'),
  'MiniviewDetailPage',
);

// Answering a MINIVIEW (its link): public, for every account state too (decision 088).
const AnswerNamePage = lazyPage(
  () => import('./features/miniview-answer/components/answer-name-page'),
  'AnswerNamePage',
);
const AnswerQuestionsPage = lazyPage(
  () => import('./features/miniview-answer/components/answer-questions-page'),
  'AnswerQuestionsPage',
);
const AnswerSuccessPage = lazyPage(
  () => import('./features/miniview-answer/components/answer-success-page'),
  'AnswerSuccessPage',
);

// Creating a MINIVIEW: title, questions, then its link (standard accounts meet Go Pro first).
const TitleStepPage = lazyPage(
  () => import('./features/miniview-create/components/title-step'),
  'TitleStepPage',
);
const QuestionsStepPage = lazyPage(
  () => import('./features/miniview-create/components/questions-step'),
  'QuestionsStepPage',
);
const CreatedPage = lazyPage(
  () => import('./features/miniview-create/components/created-page'),
  'CreatedPage',
);

const signedIn: RouteHandle = { access: 'auth' };
const everyone: RouteHandle = { access: 'public' };

/** Set by the build (webpack.federation.cjs): empty, except in e2e/tests/remote-routes.spec.ts. */
declare const __GUESTSPOT_E2E_EXTRA_ROUTE__: string | undefined;
const e2eExtraRoute =
  typeof __GUESTSPOT_E2E_EXTRA_ROUTE__ === 'string' && __GUESTSPOT_E2E_EXTRA_ROUTE__;

/** mfe-miniview's routes, absolute paths, as the shell composes them. */
export const routes: RouteObject[] = [
  { path: '/user-miniviews', element: <MiniviewsPage />, handle: signedIn },
  {
    path: '/user-miniviews/:miniviewId',
    element: <MiniviewDetailPage tab="questions" />,
    handle: signedIn,
  },
  {
    path: '/user-miniviews/:miniviewId/answers',
    element: <MiniviewDetailPage tab="answers" />,
    handle: signedIn,
  },
  {
    path: '/user-miniviews/:miniviewId/answers/:answerGroupId',
    element: <MiniviewDetailPage tab="answer-group" />,
    handle: signedIn,
  },
  { path: '/miniviews-create', element: <TitleStepPage />, handle: signedIn },
  { path: '/miniviews-create/questions', element: <QuestionsStepPage />, handle: signedIn },
  { path: '/miniviews-create/success', element: <CreatedPage />, handle: signedIn },
  { path: '/miniviews/:uuid', element: <AnswerNamePage />, handle: everyone },
  { path: '/miniviews/:uuid/questions', element: <AnswerQuestionsPage />, handle: everyone },
  { path: '/miniviews/:uuid/success', element: <AnswerSuccessPage />, handle: everyone },
  // A build with one more route, to show that the shell serves it unchanged (decision 070).
  ...(e2eExtraRoute
    ? [{ path: e2eExtraRoute, element: <h1>MINIVIEW route added without a shell release</h1> }]
    : []),
];
