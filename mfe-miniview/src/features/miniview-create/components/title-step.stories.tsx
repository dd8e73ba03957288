import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { AsUser, makeUser } from '@guestspot/shared-api/stories';
import { storyUser, WithDraft } from './story-draft';
import { TitleStepPage } from './title-step';

const meta = {
  title: 'Screens/MINIVIEW/Create: 1. Title',
  component: TitleStepPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <AsUser user={storyUser}>
        <Story />
      </AsUser>
    ),
  ],
} satisfies Meta<typeof TitleStepPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  decorators: [
    (Story) => (
      <WithDraft>
        <Story />
      </WithDraft>
    ),
  ],
};

/** Back from step 2, or after a reload: the title typed before. */
export const WithTitle: Story = {
  decorators: [
    (Story) => (
      <WithDraft draft={{ title: 'Founder stories', questions: [] }}>
        <Story />
      </WithDraft>
    ),
  ],
};

/** A standard account: the Subscribe dialog opens over this (the shell hosts it). */
export const StandardAccount: Story = {
  decorators: [
    (Story) => (
      <AsUser user={makeUser({ id: 6, account_type: 'standard' })}>
        <Story />
      </AsUser>
    ),
  ],
};

export const Phone: Story = {
  ...WithTitle,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
