import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { ShowMediaSection } from './show-media-section';
import { editorStories } from './editor-stories';
import { storyShow } from './story-data';

const stories = editorStories(queryKeys.profileEditor('show', 4), storyShow);

const meta = {
  title: 'Screens/Account/Details/Show cover and image',
  component: ShowMediaSection,
  tags: ['autodocs'],
  args: { profileId: 4 },
} satisfies Meta<typeof ShowMediaSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No image or cover uploaded yet: each can be picked and cropped. */
export const Saved: Story = stories.Saved;

export const Phone: Story = stories.Phone;

export const Loading: Story = stories.Loading;

/** The load failed: the message and Retry. */
export const Failed: Story = stories.Failed;
