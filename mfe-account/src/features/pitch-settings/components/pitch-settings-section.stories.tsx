import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { QueryData } from '@guestspot/shared-api/stories';
import { PitchSettingsSection } from './pitch-settings-section';

const key = queryKeys.pitchSettings('guest', 7);

const meta = {
  title: 'Screens/Account/Details/Pitch settings',
  component: PitchSettingsSection,
  tags: ['autodocs'],
  args: { kind: 'guest', profileId: 7 },
} satisfies Meta<typeof PitchSettingsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Pitch button on, $50 a pitch; Edit allows up to the $400 highest option. */
export const Enabled: Story = {
  decorators: [
    (Story) => (
      <QueryData
        entries={[[key, { data: { is_enabled: true, price: 5000, highest_price: 40000 } }]]}
      >
        <Story />
      </QueryData>
    ),
  ],
};

/** No Pitch button and no price of its own (the pitch option's price applies). */
export const NotSet: Story = {
  decorators: [
    (Story) => (
      <QueryData
        entries={[[key, { data: { is_enabled: false, price: null, highest_price: 40000 } }]]}
      >
        <Story />
      </QueryData>
    ),
  ],
};

/** On a phone the row stacks: label, the settings, then Edit. */
export const Phone: Story = {
  ...Enabled,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const Loading: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[key, { loading: true }]]}>
        <Story />
      </QueryData>
    ),
  ],
};

export const Failed: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[key, { error: 'Server Error' }]]}>
        <Story />
      </QueryData>
    ),
  ],
};
