import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { Button } from '../button/button';
import { ConfirmHost, confirm } from '../confirm-dialog/confirm-host';
import { TextField } from '../text-field/text-field';
import { ToastHost, toast } from '../toast/toast';
import { Modal, type ModalProps } from './modal';

/** Starts open and can be reopened, so each story shows the dialog and its close paths. */
function ModalDemo(args: ModalProps) {
  const [open, setOpen] = useState(args.open);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Open dialog
      </Button>
      <Modal
        {...args}
        open={open}
        onClose={() => {
          setOpen(false);
          args.onClose();
        }}
      />
    </>
  );
}

const meta = {
  title: 'Overlays/Modal',
  component: Modal,
  tags: ['autodocs'],
  render: (args) => <ModalDemo {...args} />,
  args: {
    open: true,
    onClose: fn(),
    title: 'Edit your show',
    description: 'Changes appear on your public profile right away.',
    children: (
      <div style={{ display: 'grid', gap: 16 }}>
        <TextField label="Show name" defaultValue="Founders Talk" />
        <TextField label="Website" defaultValue="https://founders.fm" />
      </div>
    ),
    footer: (
      <>
        <Button variant="secondary">Cancel</Button>
        <Button>Save changes</Button>
      </>
    ),
  },
  argTypes: {
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
    children: { control: false },
    footer: { control: false },
    initialFocusRef: { control: false },
  },
  parameters: {
    // Each story in its own frame: an open modal would otherwise cover the docs page.
    docs: { story: { inline: false, iframeHeight: 480 } },
  },
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Small: Story = {
  args: {
    size: 'sm',
    title: 'Session expired',
    description: undefined,
    children: 'Please sign in again to continue.',
    footer: <Button fullWidth>Sign in</Button>,
  },
};

export const Large: Story = {
  args: {
    size: 'lg',
    title: 'Terms of service',
    description: undefined,
    children: (
      <p>
        Guestspot connects shows with interview guests. By booking you agree to show up on time, to
        keep recordings respectful, and to cancel at least 24 hours before the session.
      </p>
    ),
    footer: <Button>I agree</Button>,
  },
};

export const WithoutFooter: Story = {
  args: { footer: undefined, description: undefined, children: 'Nothing to confirm here.' },
};

export const BackdropDoesNotClose: Story = {
  args: {
    closeOnBackdropClick: false,
    title: 'Finish your booking',
    description: 'Clicking outside keeps this dialog open; Escape still closes it.',
    children: undefined,
  },
};

/** On a phone the dialog is a full-screen sheet: actions stacked at the bottom, the body scrolls. */
export const Phone: Story = {
  ...Default,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

/**
 * A confirm opened from inside a dialog (the booking page's Reject): the confirm is on top with
 * its 3-second countdown, the dialog under it is inert; Escape or Cancel closes only the confirm
 * and focus goes back to Reject, inside the first dialog.
 */
export const StackedConfirm: Story = {
  args: {
    title: 'Booking request from Maya Lee',
    description: 'A 45-minute interview on 3 March, 10:00.',
    children: (
      <p>
        Accept to confirm the time, or reject with a reason. Maya&apos;s card is only charged once
        you accept.
      </p>
    ),
    footer: (
      <>
        <Button
          variant="secondary"
          onClick={async () => {
            const rejected = await confirm({
              title: 'Reject this booking?',
              message: 'Maya is told by email and her card is not charged.',
              confirmLabel: 'Reject',
              tone: 'danger',
              countdown: 3,
            });
            if (rejected) toast.success('The booking was rejected.');
          }}
        >
          Reject
        </Button>
        <Button>Accept</Button>
      </>
    ),
  },
  render: (args) => (
    <>
      <ModalDemo {...args} />
      <ConfirmHost />
      <ToastHost />
    </>
  ),
};
