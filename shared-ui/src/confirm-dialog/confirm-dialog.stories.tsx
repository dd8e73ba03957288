import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { Button } from '../button/button';
import { ToastHost, toast } from '../toast/toast';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
import { ConfirmHost, confirm } from './confirm-host';

function ConfirmDemo(args: ConfirmDialogProps) {
  const [open, setOpen] = useState(args.open);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Open confirm
      </Button>
      <ConfirmDialog
        {...args}
        open={open}
        onCancel={() => {
          setOpen(false);
          args.onCancel();
        }}
        onConfirm={async () => {
          await args.onConfirm();
          setOpen(false);
        }}
      />
    </>
  );
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  tags: ['autodocs'],
  render: (args) => <ConfirmDemo {...args} />,
  args: { open: true, onConfirm: fn(), onCancel: fn() },
  argTypes: { tone: { control: 'inline-radio', options: ['primary', 'danger'] } },
  parameters: { docs: { story: { inline: false, iframeHeight: 360 } } },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The spec defaults: 'Confirm Action?' / 'Are you sure you want to run this action?'. */
export const Default: Story = {};

export const Danger: Story = {
  args: {
    tone: 'danger',
    title: 'Delete this MINIVIEW?',
    message: 'Guests who booked it keep their confirmation emails. This cannot be undone.',
    confirmLabel: 'Delete',
  },
};

/** Confirm starts a countdown that Stop cancels; at zero the confirm fires. */
export const WithDelay: Story = {
  args: { delay: 5, title: 'Send to all guests?', confirmLabel: 'Send' },
};

/**
 * The confirm button is off for the first seconds, showing what is left ('Reject (3)'), so that
 * a destructive answer is read first (the booking page's reject and cancel). Cancel works at once.
 */
export const WithCountdown: Story = {
  args: {
    countdown: 3,
    tone: 'danger',
    title: 'Reject this booking?',
    message: 'Maya is told by email and her card is not charged.',
    confirmLabel: 'Reject',
  },
};

export const Confirming: Story = { args: { confirming: true } };

/** An async confirm: 'Confirming' until it settles, its error shown if it fails. */
export const AsyncThatFails: Story = {
  args: {
    onConfirm: fn(async () => {
      await wait(1200);
      throw new Error('The booking could not be cancelled. Please try again.');
    }),
  },
};

/** The app-wide API: `await confirm(options)` resolves true or false. */
export const Imperative: Story = {
  render: () => (
    <>
      <Button
        variant="danger"
        onClick={async () => {
          const confirmed = await confirm({
            title: 'Cancel this booking?',
            message: 'The guest is told by email.',
            confirmLabel: 'Cancel booking',
            cancelLabel: 'Keep booking',
            tone: 'danger',
            onConfirm: () => wait(1200),
          });
          if (confirmed) toast.success('The booking was cancelled.');
        }}
      >
        Cancel booking
      </Button>
      <ConfirmHost />
      <ToastHost />
    </>
  ),
};
