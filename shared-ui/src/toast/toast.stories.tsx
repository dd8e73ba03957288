import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { Button } from '../button/button';
import { ToastCard, ToastHost, toast } from './toast';

const meta = {
  title: 'Feedback/Toast',
  component: ToastCard,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'Call `toast.success(msg)`, `toast.error(msg)` or `toast.info(msg)` from anywhere; the ' +
          "shell's single `<ToastHost />` shows them top-right for 10 s (paused while hovered).",
      },
    },
  },
  args: { tone: 'success', message: 'Your profile was saved.', onDismiss: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 384 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ToastCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {};

export const ErrorToast: Story = {
  name: 'Error',
  args: { tone: 'error', message: 'Error! Something went wrong.' },
};

export const Info: Story = {
  args: { tone: 'info', message: 'Your booking request was sent to the host.' },
};

export const LongMessage: Story = {
  args: {
    tone: 'info',
    message:
      'We are moving to a new payment provider next week. Your saved cards will move with you; nothing to do on your side.',
  },
};

export const Host: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      <Button variant="secondary" onClick={() => toast.success('Your profile was saved.')}>
        Success
      </Button>
      <Button variant="secondary" onClick={() => toast.error('Error! Something went wrong.')}>
        Error
      </Button>
      <Button variant="secondary" onClick={() => toast.info('You have a new message.')}>
        Info
      </Button>
      <ToastHost />
    </div>
  ),
  parameters: { docs: { story: { inline: false, iframeHeight: 320 } } },
};
