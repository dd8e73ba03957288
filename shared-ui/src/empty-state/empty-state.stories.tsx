import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { Button } from '../button/button';
import { IconRefresh, IconSearch } from '../icons/icons';
import { EmptyState } from './empty-state';

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
  args: { title: 'No bookings found.' },
  argTypes: { icon: { control: false }, action: { control: false } },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithMessage: Story = {
  args: { message: 'When a host accepts one of your requests it shows up here.' },
};

export const WithReload: Story = {
  args: {
    action: (
      <Button variant="secondary" leadingIcon={<IconRefresh />} onClick={fn()}>
        Reload
      </Button>
    ),
  },
};

export const NoSearchResults: Story = {
  args: {
    icon: <IconSearch />,
    title: 'No results',
    message: 'Nothing matches “growth marketing”. Try another topic.',
    size: 'sm',
  },
};
