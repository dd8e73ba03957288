import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { AsUser, makeIntegration, makeUser, QueryData } from '@guestspot/shared-api/stories';
import { settingsAccess } from '../../../components/settings';
import { CalendarsSection } from './calendars-section';

const user = makeUser();

const meta = {
  title: 'Screens/Account/Settings/Calendars',
  component: CalendarsSection,
  tags: ['autodocs'],
  args: { user, access: settingsAccess(user) },
  decorators: [(Story) => <AsUser user={user}>{<Story />}</AsUser>],
} satisfies Meta<typeof CalendarsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing connected: Connect for each provider. */
export const NotConnected: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[queryKeys.integrations, { data: [] }]]}>
        <Story />
      </QueryData>
    ),
  ],
};

/** iCloud active with calendars chosen, Google inactive. */
export const Connected: Story = {
  decorators: [
    (Story) => (
      <QueryData
        entries={[
          [
            queryKeys.integrations,
            {
              data: [
                makeIntegration({
                  params: {
                    events_calendar: 'local-icloud-work',
                    conflict_calendars: ['local-icloud-work', 'local-icloud-family'],
                  },
                }),
                makeIntegration({
                  id: 2,
                  slug: 'google-calendar',
                  name: 'Google Calendar',
                  account: 'sam@gmail.test',
                  credentials: null,
                  status: 'inactive',
                }),
              ],
            },
          ],
        ]}
      >
        <Story />
      </QueryData>
    ),
  ],
};

/** On a phone each calendar stacks: its name, its state and calendars, then its actions. */
export const Phone: Story = {
  ...Connected,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const Loading: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[queryKeys.integrations, { loading: true }]]}>
        <Story />
      </QueryData>
    ),
  ],
};

export const Failed: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[queryKeys.integrations, { error: 'Server Error' }]]}>
        <Story />
      </QueryData>
    ),
  ],
};
