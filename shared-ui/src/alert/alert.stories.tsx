import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { Button } from '../button/button';
import { Alert } from './alert';

const meta = {
  title: 'Feedback/Alert',
  component: Alert,
  tags: ['autodocs'],
  args: { children: 'Your calendar is connected. New bookings will appear there.' },
  argTypes: {
    tone: { control: 'inline-radio', options: ['info', 'success', 'warning', 'danger'] },
    icon: { control: false },
    action: { control: false },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = { args: { tone: 'info' } };

export const Success: Story = {
  args: { tone: 'success', title: 'Payment received', children: 'We emailed you a receipt.' },
};

export const Warning: Story = {
  args: {
    tone: 'warning',
    title: 'Your profile is hidden',
    children: 'Add a photo and a short bio so hosts can find you.',
  },
};

export const Danger: Story = {
  args: { tone: 'danger', children: 'These credentials do not match our records.' },
};

export const Dismissible: Story = { args: { tone: 'info', onDismiss: fn() } };

export const WithAction: Story = {
  args: {
    tone: 'warning',
    title: 'Email not verified',
    children: 'Check your inbox for the link.',
    action: (
      <Button variant="link" size="sm">
        Resend
      </Button>
    ),
  },
};
