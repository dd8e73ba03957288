import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { loadStateStories, phoneGlobals, withQueryData } from '@guestspot/shared-api/stories';
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
const loadStates = loadStateStories(key);

/** Pitch button on, $50 a pitch; Edit allows up to the $400 highest option. */
export const Enabled: Story = {
  decorators: [
    withQueryData([[key, { data: { is_enabled: true, price: 5000, highest_price: 40000 } }]]),
  ],
};

/** No Pitch button and no price of its own (the pitch option's price applies). */
export const NotSet: Story = {
  decorators: [
    withQueryData([[key, { data: { is_enabled: false, price: null, highest_price: 40000 } }]]),
  ],
};

/** On a phone the row stacks: label, the settings, then Edit. */
export const Phone: Story = {
  ...Enabled,
  globals: phoneGlobals,
};

export const Loading: Story = loadStates.Loading;

export const Failed: Story = loadStates.Failed;
