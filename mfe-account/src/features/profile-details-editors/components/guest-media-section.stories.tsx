import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { GuestMediaSection } from './guest-media-section';
import { editorStories } from './editor-stories';
import { storyGuest } from './story-data';

const stories = editorStories(queryKeys.profileEditor('guest', 7), storyGuest);

const meta = {
  title: 'Screens/Account/Details/Guest image',
  component: GuestMediaSection,
  tags: ['autodocs'],
  args: { profileId: 7 },
} satisfies Meta<typeof GuestMediaSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No picture yet: pick one, crop it (1.25, at least 400×400), 'Saving...', then the picture. */
export const Saved: Story = stories.Saved;

export const Phone: Story = stories.Phone;

export const Loading: Story = stories.Loading;

/** The load failed: the message and Retry. */
export const Failed: Story = stories.Failed;
