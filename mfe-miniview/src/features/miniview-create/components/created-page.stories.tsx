import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { AsUser } from '@guestspot/shared-api/stories';
import { CreatedPage } from './created-page';
import { storyUser, WithDraft } from './story-draft';

const meta = {
  title: 'Screens/MINIVIEW/Create: 3. Created',
  component: CreatedPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <AsUser user={storyUser}>
        <WithDraft
          created={{
            id: 42,
            uuid: '6f1c1b1e-6a53-4b2f-9a44-0c4b8d1e2f30',
            title: 'Founder stories',
          }}
        >
          <Story />
        </WithDraft>
      </AsUser>
    ),
  ],
} satisfies Meta<typeof CreatedPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Created: Story = {};

/** On a phone: the link box and Copy wrap. */
export const Phone: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
