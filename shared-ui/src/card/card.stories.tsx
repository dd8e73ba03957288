import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Avatar } from '../avatar/avatar';
import { Badge } from '../badge/badge';
import { Button } from '../button/button';
import { Card } from './card';

const meta = {
  title: 'Components/Card',
  component: Card,
  tags: ['autodocs'],
  args: {
    title: 'Recent bookings',
    description: 'Your last three sessions.',
    children: 'You have no bookings yet.',
  },
  argTypes: {
    variant: { control: 'inline-radio', options: ['outlined', 'elevated'] },
    padding: { control: 'inline-radio', options: ['none', 'sm', 'md', 'lg'] },
    actions: { control: false },
    footer: { control: false },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithActionsAndFooter: Story = {
  args: {
    title: 'Your account',
    description: undefined,
    actions: (
      <Button variant="secondary" size="sm">
        Edit
      </Button>
    ),
    children: (
      <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
        <Avatar name="Ada Lovelace" emailHash="205e460b479e2e5b48aec07710c08d50" size={48} />
        <div>
          <div style={{ fontWeight: 600 }}>Ada Lovelace</div>
          <div style={{ color: 'var(--gs-color-text-muted)', fontSize: 14 }}>ada@example.com</div>
        </div>
        <Badge tone="success" style={{ marginLeft: 'auto' }}>
          Verified
        </Badge>
      </div>
    ),
    footer: <Button size="sm">Save</Button>,
  },
};

export const Elevated: Story = { args: { variant: 'elevated' } };

export const PlainSurface: Story = {
  args: { title: undefined, description: undefined, children: 'A surface without a header.' },
};
