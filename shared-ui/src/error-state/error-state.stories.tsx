import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { ErrorState } from './error-state';

const meta = {
  title: 'Feedback/ErrorState',
  component: ErrorState,
  tags: ['autodocs'],
  argTypes: { icon: { control: false } },
} satisfies Meta<typeof ErrorState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** What the shell shows when a federated remote fails to load. */
export const WithRetry: Story = { args: { onRetry: fn() } };

export const Retrying: Story = { args: { onRetry: fn(), retrying: true } };

export const Custom: Story = {
  args: {
    title: 'The bookings could not be loaded.',
    message: 'Check your connection and try again.',
    onRetry: fn(),
    retryLabel: 'Reload',
  },
};
