import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { phoneGlobals } from '@guestspot/shared-api/stories';
import { BookingChat } from './booking-chat';
import { makeMessageEntry } from './chat-fixtures';
import { inviteeTimeline, makeCanceledBooking, makeScheduledBooking } from './page-fixtures';
import { StoryBookingPage } from './story-support';

const chat = [
  ...inviteeTimeline.slice(0, 2),
  makeMessageEntry(20, 'Hi Grace! Our notes for the episode: https://notes.example.com/ep-12', {
    created_at: '2026-11-29T15:00:00Z',
    properties: { written_by: 'Ada Lovelace', read_at: '2026-11-29T15:05:00Z' },
  }),
  makeMessageEntry(21, 'Thanks, I read them. Could we start ten minutes later?', {
    mine: true,
    created_at: '2026-11-29T16:00:00Z',
    properties: { edited_at: '2026-11-29T16:01:00Z', read_at: '2026-11-29T16:30:00Z' },
  }),
  makeMessageEntry(22, 'Sure, no problem at all.', { created_at: '2026-11-29T17:00:00Z' }),
];

const meta = {
  title: 'Screens/Booking/Booking chat',
  component: BookingChat,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof BookingChat>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Messages in the Activity feed: a team member's "for" the show, a safe link, the viewer's own
 * (edited, seen, with Edit), and the composer under the feed.
 */
export const Chat: Story = {
  args: { booking: makeScheduledBooking({ timeline: chat }), openAction: () => {} },
  render: (args) => <StoryBookingPage state={{ booking: args.booking }} />,
};

/** Editing one's own message in place. */
export const Editing: Story = {
  ...Chat,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit your message' }));
  },
};

/** A canceled booking: the chat can be read; the composer says why it is closed. */
export const Canceled: Story = {
  args: { booking: makeCanceledBooking({ timeline: chat }), openAction: () => {} },
  render: (args) => <StoryBookingPage state={{ booking: args.booking }} />,
};

/** On a 360 px phone. */
export const Phone: Story = {
  ...Chat,
  globals: phoneGlobals,
};
