import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys, type UpsellPackage } from '@guestspot/shared-api';
import { QueryData } from '@guestspot/shared-api/stories';
import type { ComponentProps } from 'react';
import { UpsellPackagesSection } from './upsell-packages-section';

const upsell = (id: number, fields: Partial<UpsellPackage> & { title: string }): UpsellPackage => ({
  id,
  description: null,
  price: 5000,
  currency: 'USD',
  url: null,
  social_handle: null,
  profile_type: 'guest',
  profile_name: 'Priya Patel',
  profile_id: 7,
  ...fields,
});
const packages = [
  upsell(1, {
    title: 'Social media shout-out to all my followers',
    description: 'A post about your show on Instagram, LinkedIn and X the day the episode airs.',
    price: 4950,
    social_handle: '@priyapatel',
  }),
  upsell(2, {
    title: 'Newsletter mention',
    description: 'Your episode in my weekly newsletter (12,000 readers).',
    price: 15000,
    url: 'https://priya.example.com/newsletter',
  }),
];

type State = { data: unknown } | { loading: true } | { error: string };

function render(state: State) {
  return function Story(args: ComponentProps<typeof UpsellPackagesSection>) {
    return (
      <QueryData entries={[[queryKeys.upsellPackages(args.kind, args.profileId), state]]}>
        <UpsellPackagesSection {...args} />
      </QueryData>
    );
  };
}

const meta = {
  title: 'Screens/Account/Profiles/Upsell packages',
  component: UpsellPackagesSection,
  tags: ['autodocs'],
  args: { kind: 'guest', profileId: 7 },
} satisfies Meta<typeof UpsellPackagesSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two cards; the first title is cut at 22 characters (the full one in its tooltip). */
export const List: Story = { render: render({ data: packages }) };

/** One card per row on a phone. */
export const Phone: Story = {
  ...List,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const Empty: Story = { render: render({ data: [] }) };

export const Loading: Story = { render: render({ loading: true }) };

/** A saved package in edit mode. */
export const Editing: Story = {
  ...List,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit Newsletter mention' }));
  },
};

/** "Add upsell package": a new card in edit mode (Cancel removes it). */
export const Adding: Story = {
  ...List,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Add upsell package' }));
  },
};

/** A failed load is swallowed (spec §8): Add, and no claim about what exists. */
export const LoadFailed: Story = { render: render({ error: 'Server Error' }) };
