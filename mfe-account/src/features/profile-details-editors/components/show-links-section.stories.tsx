import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { ShowLinksSection } from './show-links-section';
import { editorStories } from './editor-stories';
import { storyShowLinks } from './story-data';

const stories = editorStories(queryKeys.profileLinks('show', 4), storyShowLinks);

const meta = {
  title: 'Screens/Account/Details/Show links',
  component: ShowLinksSection,
  tags: ['autodocs'],
  args: { profileId: 4 },
} satisfies Meta<typeof ShowLinksSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A YouTube channel and one episode; no media features yet. */
export const Saved: Story = stories.Saved;

export const Phone: Story = stories.Phone;

export const Loading: Story = stories.Loading;

/** The load failed: the message and Retry. */
export const Failed: Story = stories.Failed;
