import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '@guestspot/shared-api';
import { lazyPage } from '@guestspot/shared-ui';

// Every page is its own chunk: the shell loads this module to route, not to render.
const BookingsPage = lazyPage(
  () => import('./features/bookings/components/bookings-page'),
  'BookingsPage',
);
const ChooseProfileStep = lazyPage(
  () => import('./features/booking-flow/components/choose-profile-step'),
  'ChooseProfileStep',
);
const OptionsStep = lazyPage(
  () => import('./features/booking-flow/components/options-step'),
  'OptionsStep',
);
const DatesStep = lazyPage(
  () => import('./features/booking-flow/components/dates-step'),
  'DatesStep',
);
const PitchStep = lazyPage(
  () => import('./features/booking-flow/components/pitch-step'),
  'PitchStep',
);
const MiniviewQuestionsStep = lazyPage(
  () => import('./features/booking-flow/components/miniview-questions-step'),
  'MiniviewQuestionsStep',
);
const QuestionsStep = lazyPage(
  () => import('./features/booking-flow/components/questions-step'),
  'QuestionsStep',
);
const UpsellsStep = lazyPage(
  () => import('./features/booking-flow/components/upsells-step'),
  'UpsellsStep',
);
const PaymentStep = lazyPage(
  () => import('./features/booking-flow/components/payment-step'),
  'PaymentStep',
);
// The booking page and its Activity and Application tabs are one chunk (decision 111).
const BookingPage = lazyPage(
  () => import('./features/booking-page/components/booking-page'),
  'BookingPage',
);
const BookingActivityView = lazyPage(
  () => import('./features/booking-page/components/booking-page'),
  'BookingActivityView',
);
const BookingApplicationView = lazyPage(
  () => import('./features/booking-page/components/booking-page'),
  'BookingApplicationView',
);
// The Review tab is a chunk of its own: its form (formik, yup) is not the page's first load.
const BookingReviewView = lazyPage(
  () => import('./features/booking-page/components/review-tab'),
  'BookingReviewView',
);
const BookingMiniviewView = lazyPage(
  () => import('./features/booking-page/components/booking-page'),
  'BookingMiniviewView',
);
// The answers after the interview run on load (decision 116): a small chunk of their own.
const CompletedActionPage = lazyPage(
  () => import('./features/completed-action/components/completed-action-page'),
  'CompletedActionPage',
);
const ScheduledAnswerPage = lazyPage(
  () => import('./features/completed-action/components/completed-action-page'),
  'ScheduledAnswerPage',
);
// The inbox is a chunk of its own: the booking page's first load does not carry it (issue 31).
const MessagesPage = lazyPage(
  () => import('./features/messages/components/messages-page'),
  'MessagesPage',
);
const MessagesWelcome = lazyPage(
  () => import('./features/messages/components/messages-page'),
  'MessagesWelcome',
);
const ConversationView = lazyPage(
  () => import('./features/messages/components/messages-page'),
  'ConversationView',
);
// The payments page (decision 119): its own chunk; receipts are PDFs the server makes.
const PaymentsPage = lazyPage(
  () => import('./features/payments/components/payments-page'),
  'PaymentsPage',
);
const BookingSuccessPage = lazyPage(
  () => import('./features/booking-flow/components/booking-success-page'),
  'BookingSuccessPage',
);

const signedIn: RouteHandle = { access: 'auth' };
/** Spec §2.1: pitch routes carry the pitch flag (entering by this route starts a pitch, decision 102). */
const pitchRoute: RouteHandle & { isPitch: true } = { access: 'auth', isPitch: true };

/** The booking flow's steps under /guests/:guestId/book or /shows/:showId/book (spec §2.1). */
function bookingRoutes(side: 'guest' | 'show'): RouteObject[] {
  const base = side === 'guest' ? '/guests/:guestId/book' : '/shows/:showId/book';
  const routes: RouteObject[] = [
    { path: base, element: <ChooseProfileStep />, handle: signedIn },
    { path: `${base}/options`, element: <OptionsStep />, handle: signedIn },
    { path: `${base}/options/:bookingOptionId`, element: <OptionsStep />, handle: signedIn },
    { path: `${base}/pitch`, element: <PitchStep />, handle: pitchRoute },
    { path: `${base}/questions`, element: <QuestionsStep />, handle: signedIn },
    { path: `${base}/upsells`, element: <UpsellsStep />, handle: signedIn },
    { path: `${base}/payment`, element: <PaymentStep />, handle: signedIn },
  ];
  if (side === 'guest') {
    routes.push(
      { path: `${base}/dates`, element: <DatesStep />, handle: signedIn },
      { path: `${base}/miniview-questions`, element: <MiniviewQuestionsStep />, handle: signedIn },
    );
  }
  return routes;
}

/** mfe-booking's routes, absolute paths, as the shell composes them. */
export const routes: RouteObject[] = [
  { path: '/bookings', element: <BookingsPage />, handle: signedIn },
  // Spec §2 route table: one booking; Activity is the default view, the MINIVIEW one has no tabs.
  {
    path: '/bookings/:bookingId',
    element: <BookingPage />,
    handle: signedIn,
    children: [
      { index: true, element: <BookingActivityView /> },
      { path: 'application', element: <BookingApplicationView /> },
      { path: 'review', element: <BookingReviewView /> },
      { path: 'miniview', element: <BookingMiniviewView /> },
    ],
  },
  // Spec §2 route table: the answers after the interview, run on load (decision 116).
  {
    path: '/bookings/:bookingId/completed-action/:action',
    element: <CompletedActionPage />,
    handle: signedIn,
  },
  {
    path: '/bookings/:bookingId/confirm-scheduled',
    element: <ScheduledAnswerPage action="confirm-scheduled" />,
    handle: signedIn,
  },
  {
    path: '/bookings/:bookingId/confirm-happened',
    element: <ScheduledAnswerPage action="confirm-happened" />,
    handle: signedIn,
  },
  // Spec §2 "Messages inbox": the list; a conversation at its own path, so that a phone shows
  // one screen at a time and a link opens one.
  {
    path: '/messages',
    element: <MessagesPage />,
    handle: signedIn,
    children: [
      { index: true, element: <MessagesWelcome /> },
      { path: ':bookingId', element: <ConversationView /> },
    ],
  },
  // Spec §2 "Payments page": a month of the user's money.
  { path: '/payments', element: <PaymentsPage />, handle: signedIn },
  ...bookingRoutes('guest'),
  ...bookingRoutes('show'),
  // Spec §2.1: the confirmation is open to all (a reload after signing out still shows it).
  { path: '/booking/success', element: <BookingSuccessPage /> },
];
