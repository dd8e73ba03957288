import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { AvailabilitySection } from './availability-section';
import { editorStories } from './editor-stories';
import { storyAvailability } from './story-data';

const stories = editorStories(queryKeys.guestAvailability(7), storyAvailability);

const meta = {
  title: 'Screens/Account/Details/Availability',
  component: AvailabilitySection,
  tags: ['autodocs'],
  args: { profileId: 7 },
} satisfies Meta<typeof AvailabilitySection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A free 30 minutes and a paid hour, mornings Monday to Wednesday. */
export const Saved: Story = stories.Saved;

export const Phone: Story = stories.Phone;

export const Loading: Story = stories.Loading;

/** The load failed: the message and Retry. */
export const Failed: Story = stories.Failed;
