import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { AsUser, makeUser, withQueryData } from '@guestspot/shared-api/stories';
import { settingsAccess } from '../../../components/settings';
import { CalendarFeedSection } from './calendar-feed-section';

const user = makeUser();
const actingAgency = makeUser({
  impersonator: { id: 9, name: 'Alex Agency', is_admin: false, team_role: 'agency' },
});

const meta = {
  title: 'Screens/Account/Settings/Calendar feed',
  component: CalendarFeedSection,
  tags: ['autodocs'],
  args: { user, access: settingsAccess(user) },
  decorators: [(Story) => <AsUser user={user}>{<Story />}</AsUser>],
} satisfies Meta<typeof CalendarFeedSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No feed yet: Create feed URL. */
export const Off: Story = {
  decorators: [
    withQueryData([
      [queryKeys.calendarFeed, { data: { active: false, created_at: null, last_used_at: null } }],
    ]),
  ],
};

/** A feed a calendar reads: Make a new URL, Turn off (the URL is not shown again). */
export const On: Story = {
  decorators: [
    withQueryData([
      [
        queryKeys.calendarFeed,
        {
          data: {
            active: true,
            created_at: '2026-01-05T10:00:00Z',
            last_used_at: '2026-01-07T08:30:00Z',
          },
        },
      ],
    ]),
  ],
};

/** A team member acting as the owner: the state only. */
export const ActingForTheOwner: Story = {
  args: { user: actingAgency, access: settingsAccess(actingAgency) },
  decorators: On.decorators,
};

export const Loading: Story = {
  decorators: [withQueryData([[queryKeys.calendarFeed, { loading: true }]])],
};

export const Failed: Story = {
  decorators: [withQueryData([[queryKeys.calendarFeed, { error: 'Server Error' }]])],
};
