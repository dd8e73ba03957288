import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { AsUser, makePublicMiniview, makeUser } from '@guestspot/shared-api/stories';
import { AnswerSuccessPage } from './answer-success-page';

const meta = {
  title: 'Screens/MINIVIEW/Answer: success',
  component: AnswerSuccessPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { uuid: makePublicMiniview().uuid },
} satisfies Meta<typeof AnswerSuccessPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A visitor: thanks, and an invitation to sign up. */
export const Visitor: Story = {
  decorators: [(Story) => <AsUser user={null}>{<Story />}</AsUser>],
};

export const SignedIn: Story = {
  decorators: [(Story) => <AsUser user={makeUser()}>{<Story />}</AsUser>],
};

export const Phone: Story = {
  ...Visitor,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
