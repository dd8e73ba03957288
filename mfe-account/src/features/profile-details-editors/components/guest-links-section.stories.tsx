import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { GuestLinksSection } from './guest-links-section';
import { editorStories } from './editor-stories';
import { storyGuestLinks } from './story-data';

const stories = editorStories(queryKeys.profileLinks('guest', 7), storyGuestLinks);

const meta = {
  title: 'Screens/Account/Details/Guest links',
  component: GuestLinksSection,
  tags: ['autodocs'],
  args: { profileId: 7 },
} satisfies Meta<typeof GuestLinksSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A LinkedIn page, a podcast appearance and an article. */
export const Saved: Story = stories.Saved;

export const Phone: Story = stories.Phone;

export const Loading: Story = stories.Loading;

/** The load failed: the message and Retry. */
export const Failed: Story = stories.Failed;
