import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import {
  AsUser,
  makePayoutAccount,
  makeUser,
  PAYOUT_COUNTRIES_FIXTURE,
  QueryData,
} from '@guestspot/shared-api/stories';
import { MemoryRouter } from 'react-router-dom';
import { settingsAccess } from '../../../components/settings';
import { PayoutSection } from './payout-section';

const user = makeUser();

const meta = {
  title: 'Screens/Account/Settings/Payout section',
  component: PayoutSection,
  tags: ['autodocs'],
  args: { user, access: settingsAccess(user) },
  decorators: [
    (Story, { parameters }) => (
      <AsUser user={user}>
        <MemoryRouter initialEntries={[(parameters.route as string | undefined) ?? '/settings']}>
          <Story />
        </MemoryRouter>
      </AsUser>
    ),
  ],
} satisfies Meta<typeof PayoutSection>;

export default meta;
type Story = StoryObj<typeof meta>;

const withAccount = (data: unknown, extra: [readonly unknown[], { data: unknown }][] = []) => [
  (Story: () => React.JSX.Element) => (
    <QueryData entries={[[queryKeys.payoutAccount, { data }], ...extra]}>
      <Story />
    </QueryData>
  ),
];

export const NotConnected: Story = {
  decorators: withAccount(null, [
    [queryKeys.payoutCountries, { data: PAYOUT_COUNTRIES_FIXTURE }],
    [queryKeys.geolocation, { data: 'GB' }],
  ]),
};

export const DetailsNeeded: Story = {
  decorators: withAccount(makePayoutAccount({ details_submitted: false, charges_enabled: false })),
};

export const Pending: Story = {
  decorators: withAccount(makePayoutAccount({ charges_enabled: false })),
};

export const Connected: Story = { decorators: withAccount(makePayoutAccount()) };

/** On a phone the status stacks over View Dashboard and Unlink account. */
export const Phone: Story = {
  ...Connected,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

/** Back from onboarding: /settings?payout_return=1#payout shows the note. */
export const BackFromOnboarding: Story = {
  parameters: { route: '/settings?payout_return=1' },
  decorators: withAccount(makePayoutAccount({ charges_enabled: false })),
};

export const Loading: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[queryKeys.payoutAccount, { loading: true }]]}>
        <Story />
      </QueryData>
    ),
  ],
};

export const LoadFailed: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[queryKeys.payoutAccount, { error: 'Server Error' }]]}>
        <Story />
      </QueryData>
    ),
  ],
};
