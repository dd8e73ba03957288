import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { phoneGlobals } from '@guestspot/shared-api/stories';
import { BookingPage } from './booking-page';
import {
  inviteeTimeline,
  makeBookingDetail,
  makeCanceledBooking,
  makeEntry,
  makeInitiatorBooking,
  makeScheduledBooking,
} from './page-fixtures';
import { StoryBookingPage } from './story-support';

const meta = {
  title: 'Screens/Booking/Booking page',
  component: BookingPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof BookingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Grace Hopper answers The Build Show's request: the deadline, Accept, Reject, the dates. */
export const PendingAsInvitee: Story = {
  render: () => <StoryBookingPage state={{ booking: makeBookingDetail() }} />,
};

/** The Build Show waits for Grace: when the request lapses, and Cancel booking only. */
export const PendingAsInitiator: Story = {
  render: () => <StoryBookingPage state={{ booking: makeInitiatorBooking() }} />,
};

/** A date agreed: the date in the viewer's zone, Re-Schedule Booking and Change date. */
export const Scheduled: Story = {
  render: () => <StoryBookingPage state={{ booking: makeScheduledBooking() }} />,
};

/** Rejected with a reason: red, nothing left to do. */
export const Canceled: Story = {
  render: () => <StoryBookingPage state={{ booking: makeCanceledBooking() }} />,
};

/** The Application tab: a video pitch with its text, the answers, an upsell as booked. */
export const Application: Story = {
  render: () => (
    <StoryBookingPage
      view="/application"
      state={{
        booking: makeBookingDetail({
          is_pitch: true,
          pitch: {
            type: 'video',
            text: 'We would love to talk about the first compiler.',
            media_url: '/media/pitch.mp4',
          },
        }),
      }}
    />
  ),
};

/** The MINIVIEW's answers: no tabs on this view. */
export const Miniview: Story = {
  render: () => <StoryBookingPage view="/miniview" state={{ booking: makeBookingDetail() }} />,
};

/** A long feed scrolls inside its 700 px box. */
export const LongActivity: Story = {
  render: () => (
    <StoryBookingPage
      state={{
        booking: makeBookingDetail({
          timeline: [
            ...inviteeTimeline,
            ...Array.from({ length: 12 }, (_, index) =>
              makeEntry({
                id: `activity-${index + 10}`,
                type: 'text_pitch',
                description: index % 2 ? 'You sent a message.' : 'The Build Show sent a message.',
                by_viewer: index % 2 === 1,
                created_at: `2026-11-${String(28 + Math.floor(index / 6)).padStart(2, '0')}T1${index % 6}:00:00Z`,
                properties: { message: 'Looking forward to it.' },
              }),
            ),
          ],
        }),
      }}
    />
  ),
};

/** On a 360 px phone: one column, the actions before the activity, 44 px targets. */
export const Phone: Story = {
  ...PendingAsInvitee,
  globals: phoneGlobals,
};

export const Loading: Story = {
  render: () => <StoryBookingPage state={{ loading: true }} />,
};

export const NotFound: Story = {
  render: () => <StoryBookingPage state={{ failure: { status: 404, message: 'Not found.' } }} />,
};

export const Forbidden: Story = {
  render: () => <StoryBookingPage state={{ failure: { status: 403, message: 'Forbidden.' } }} />,
};

/** The server failed: Retry (which, without a server here, fails again). */
export const LoadFailed: Story = {
  render: () => <StoryBookingPage state={{ failure: { status: 500, message: 'Server Error' } }} />,
};
