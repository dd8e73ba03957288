import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { GuestQuestionsSection } from './guest-questions-section';
import { editorStories } from './editor-stories';
import { storyGuest } from './story-data';

const key = queryKeys.profileEditor('guest', 7);
const stories = editorStories(key, storyGuest);

const meta = {
  title: 'Screens/Account/Details/Guest questions',
  component: GuestQuestionsSection,
  tags: ['autodocs'],
  args: { profileId: 7 },
} satisfies Meta<typeof GuestQuestionsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Priya's two questions, in the order a show answers them. */
export const Saved: Story = stories.Saved;

export const Phone: Story = stories.Phone;

/** No questions yet. */
export const Empty: Story = editorStories(key, { ...storyGuest, questions: [] }).Saved;

/** The questions open for editing, each with its character count and Remove. */
export const Editing: Story = {
  ...Saved,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit Your questions' }));
  },
};

/** 10 questions, the API's limit: Add question is disabled. */
export const Full: Story = {
  ...editorStories(key, {
    ...storyGuest,
    questions: Array.from({ length: 10 }, (_, i) => `Question number ${i + 1}?`),
  }).Saved,
  play: Editing.play,
};

export const Loading: Story = stories.Loading;

/** The load failed: the message and Retry. */
export const Failed: Story = stories.Failed;
