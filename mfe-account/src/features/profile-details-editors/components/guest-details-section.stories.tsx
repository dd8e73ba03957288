import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { GuestDetailsSection } from './guest-details-section';
import { editorStories } from './editor-stories';
import { storyGuest } from './story-data';

const stories = editorStories(queryKeys.profileEditor('guest', 7), storyGuest);

const meta = {
  title: 'Screens/Account/Details/Guest details',
  component: GuestDetailsSection,
  tags: ['autodocs'],
  args: { profileId: 7 },
} satisfies Meta<typeof GuestDetailsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Priya's saved details; Edit opens the registration wizard's form (it loads the categories). */
export const Saved: Story = stories.Saved;

export const Phone: Story = stories.Phone;

export const Loading: Story = stories.Loading;

/** The load failed: the message and Retry. */
export const Failed: Story = stories.Failed;
