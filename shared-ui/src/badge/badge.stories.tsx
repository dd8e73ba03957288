import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { NavLink } from 'react-router-dom';
import { Badge } from './badge';

const meta = {
  title: 'Components/Badge',
  component: Badge,
  tags: ['autodocs'],
  args: { children: 'Pending' },
  argTypes: {
    tone: {
      control: 'inline-radio',
      options: ['neutral', 'brand', 'info', 'success', 'warning', 'danger'],
    },
    size: { control: 'inline-radio', options: ['sm', 'md'] },
  },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Neutral: Story = {};

export const Tones: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Badge>Draft</Badge>
      <Badge tone="brand">Featured</Badge>
      <Badge tone="info">Scheduled</Badge>
      <Badge tone="success">Confirmed</Badge>
      <Badge tone="warning">Pending</Badge>
      <Badge tone="danger">Cancelled</Badge>
    </div>
  ),
};

export const Count: Story = { args: { count: 3, label: 'unread messages', children: undefined } };

export const CappedCount: Story = {
  args: { count: 240, label: 'new bookings', children: undefined },
};

/** A count on a nav link reads as 'Messages 3 unread messages'. */
export const OnANavLink: Story = {
  render: () => (
    <nav aria-label="Account">
      <NavLink
        to="/messages"
        style={{ display: 'inline-flex', gap: 8, alignItems: 'center', fontWeight: 500 }}
      >
        Messages <Badge count={3} label="unread messages" />
      </NavLink>
    </nav>
  ),
};
