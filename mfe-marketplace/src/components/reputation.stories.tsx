import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ReputationLine } from './reputation';

const meta = {
  title: 'Marketplace/Reputation',
  component: ReputationLine,
  tags: ['autodocs'],
  args: { reputation: { requests: 12, accepted_percent: 75, median_answer_minutes: 300 } },
} satisfies Meta<typeof ReputationLine>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Answers in a median of 5 hours and accepts three requests in four. */
export const Shown: Story = {};

/** Every request expired: the share alone. */
export const NoAnswers: Story = {
  args: { reputation: { requests: 3, accepted_percent: 0, median_answer_minutes: null } },
};

/** Fewer than 3 requests in 90 days: the API sends null and nothing shows. */
export const Hidden: Story = { args: { reputation: null } };
