import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { GuestExperienceSection } from './guest-experience-section';
import { editorStories } from './editor-stories';
import { storyGuest } from './story-data';

const key = queryKeys.profileEditor('guest', 7);
const stories = editorStories(key, storyGuest);

const meta = {
  title: 'Screens/Account/Details/Guest experience and topics',
  component: GuestExperienceSection,
  tags: ['autodocs'],
  args: { profileId: 7 },
} satisfies Meta<typeof GuestExperienceSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Priya's two roles (one with neither organization nor years) and three topics. */
export const Saved: Story = stories.Saved;

export const Phone: Story = stories.Phone;

/** Nothing saved yet: each row says so. */
export const Empty: Story = editorStories(key, { ...storyGuest, experience: [], topics: [] }).Saved;

/** The roles open for editing: a group of fields per role, each with its Remove. */
export const Editing: Story = {
  ...Saved,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit Experience' }));
  },
};

/** 10 roles and 20 topics, the API's limits: Add topic is disabled. */
export const Full: Story = {
  ...editorStories(key, {
    ...storyGuest,
    experience: Array.from({ length: 10 }, (_, i) => ({
      title: `Role ${i + 1}`,
      organization: 'Brightcart',
      years: null,
    })),
    topics: Array.from({ length: 20 }, (_, i) => `Topic number ${i + 1}`),
  }).Saved,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit Topics' }));
  },
};

export const Loading: Story = stories.Loading;

/** The load failed: the message and Retry. */
export const Failed: Story = stories.Failed;
