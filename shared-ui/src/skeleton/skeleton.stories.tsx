import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Skeleton, SkeletonCard, SkeletonGroup } from './skeleton';

const meta = {
  title: 'Feedback/Skeleton',
  component: Skeleton,
  tags: ['autodocs'],
  argTypes: { variant: { control: 'inline-radio', options: ['block', 'text', 'circle'] } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Block: Story = { args: { variant: 'block', height: 120 } };

export const Text: Story = { args: { variant: 'text', width: '80%' } };

export const Circle: Story = { args: { variant: 'circle', width: 56, height: 56 } };

export const Group: Story = {
  render: () => (
    <SkeletonGroup label="Loading bookings">
      <div style={{ display: 'grid', gap: 12 }}>
        <Skeleton height={72} />
        <Skeleton height={72} />
        <Skeleton height={72} />
      </div>
    </SkeletonGroup>
  ),
};

export const ProfileCard: Story = { render: () => <SkeletonCard /> };

export const ProfileCardGrid: Story = {
  decorators: [(Story) => <Story />],
  render: () => (
    <div
      style={{
        display: 'grid',
        gap: 24,
        gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
        maxWidth: 900,
      }}
    >
      <SkeletonCard />
      <SkeletonCard />
      <SkeletonCard />
    </div>
  ),
};
