import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import {
  AsUser,
  makeMiniview,
  makeUser,
  paginated,
  QueryData,
} from '@guestspot/shared-api/stories';
import { MiniviewsPage } from './miniviews-page';

const key = queryKeys.miniviews({ page: 1, title: '' });

const meta = {
  title: 'Screens/MINIVIEW/MINIVIEW list',
  component: MiniviewsPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  decorators: [(Story) => <AsUser user={makeUser({ account_type: 'pro' })}>{<Story />}</AsUser>],
} satisfies Meta<typeof MiniviewsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithMiniviews: Story = {
  decorators: [
    (Story) => (
      <QueryData
        entries={[
          [
            key,
            {
              data: paginated(
                [
                  makeMiniview({ id: 1, title: 'Founder stories', answers_count: 12 }),
                  makeMiniview({ id: 2, title: 'Why I started podcasting', answers_count: 0 }),
                ],
                1,
                10,
              ),
            },
          ],
        ]}
      >
        <Story />
      </QueryData>
    ),
  ],
};

/** On a phone: the Create link wraps under the title when it must, and the table fits. */
export const Phone: Story = {
  ...WithMiniviews,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const Empty: Story = {
  decorators: [
    (Story) => <QueryData entries={[[key, { data: paginated([], 1, 10) }]]}>{<Story />}</QueryData>,
  ],
};

export const Loading: Story = {
  decorators: [(Story) => <QueryData entries={[[key, { loading: true }]]}>{<Story />}</QueryData>],
};
