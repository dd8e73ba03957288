import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ConfirmHost, ToastHost } from '@guestspot/shared-ui';
import { draftKey, sendingClosedReason } from '../lib/messages';
import { MessageComposer, type MessageComposerProps } from './message-composer';

const BOOKING_ID = 12;

/** The composer with a draft of `draft` kept for its booking (as after a reload). */
function WithDraft({ draft, ...props }: MessageComposerProps & { draft: string }) {
  // Written before the composer first reads it.
  useState(() => window.localStorage.setItem(draftKey(props.bookingId), draft));
  return (
    <>
      <MessageComposer {...props} />
      <ToastHost />
      <ConfirmHost />
    </>
  );
}

const meta = {
  title: 'Booking/Message composer',
  component: MessageComposer,
  tags: ['autodocs'],
  args: { bookingId: BOOKING_ID },
  render: (args) => <WithDraft {...args} draft="" />,
} satisfies Meta<typeof MessageComposer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: the counter at 0/300. An empty Send only puts the focus in the field. */
export const Idle: Story = {};

/** 285 of 300 characters: the counter warns; the field takes no more. */
export const CounterNearLimit: Story = {
  // A booking of its own per story: the docs page shows them all at once, each with its draft.
  args: { bookingId: 13 },
  render: (args) => (
    <WithDraft
      {...args}
      draft={`Thanks for the invitation! ${'We would love to talk about compilers, ships and the first bug. '.repeat(5)}`.slice(
        0,
        285,
      )}
    />
  ),
};

/**
 * A send that failed (Storybook has no server): the field is tinted red, says so, and keeps
 * the text.
 */
export const FailedSend: Story = {
  args: { bookingId: 14 },
  render: (args) => <WithDraft {...args} draft="Are you free on Monday at 3?" />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Send' }));
    await canvas.findByText(/not sent/);
  },
};

/** A canceled booking takes no more messages, and says so. */
export const DisabledOnCanceled: Story = {
  args: { bookingId: 15, closedReason: sendingClosedReason('canceled') },
};

/** URL-like text: Send asks "Are you trying to update the booking date?". */
export const AsksAboutALink: Story = {
  args: { bookingId: 16 },
  render: (args) => <WithDraft {...args} draft="New time: calendly.com/grace" />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Send' }));
  },
};
