import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { loadStateStories, phoneGlobals, withQueryData } from '@guestspot/shared-api/stories';
import { GuestVideoSection } from './guest-video-section';
import { storyGuest } from './story-data';

const key = queryKeys.profileEditor('guest', 7);

const meta = {
  title: 'Screens/Account/Details/Guest video',
  component: GuestVideoSection,
  tags: ['autodocs'],
  args: { profileId: 7 },
} satisfies Meta<typeof GuestVideoSection>;

export default meta;
type Story = StoryObj<typeof meta>;
const loadStates = loadStateStories(key);

/** No video yet: Upload video picks an mp4, ogg or mov file; 'Saving...' until it is attached. */
export const Empty: Story = {
  decorators: [
    withQueryData([[key, { data: { ...storyGuest, videoUuid: null, videoUrl: null } }]]),
  ],
};

/** The saved video in its player, with Replace video and Delete video. */
export const Uploaded: Story = {
  decorators: [
    withQueryData([
      [
        key,
        {
          data: {
            ...storyGuest,
            videoUuid: '5d2f6a1e-3b7c-4e8a-9f10-2a3b4c5d6e7f',
            videoUrl: '/api/v1/media/5d2f6a1e-3b7c-4e8a-9f10-2a3b4c5d6e7f',
          },
        },
      ],
    ]),
  ],
};

export const Phone: Story = {
  ...Uploaded,
  globals: phoneGlobals,
};

export const Loading: Story = loadStates.Loading;

/** The load failed: the message and Retry. */
export const Failed: Story = loadStates.Failed;
