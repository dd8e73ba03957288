import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { ShowDetailsSection } from './show-details-section';
import { editorStories } from './editor-stories';
import { storyShow } from './story-data';

const stories = editorStories(queryKeys.profileEditor('show', 4), storyShow);

const meta = {
  title: 'Screens/Account/Details/Show details',
  component: ShowDetailsSection,
  tags: ['autodocs'],
  args: { profileId: 4 },
} satisfies Meta<typeof ShowDetailsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The show's details, its Podcast type with its page. */
export const Saved: Story = stories.Saved;

export const Phone: Story = stories.Phone;

export const Loading: Story = stories.Loading;

/** The load failed: the message and Retry. */
export const Failed: Story = stories.Failed;
