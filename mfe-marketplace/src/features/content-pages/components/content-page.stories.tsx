import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys, type ContentPage as ContentPageData } from '@guestspot/shared-api';
import { QueryData } from '@guestspot/shared-api/stories';
import { ContentPage } from './content-page';

const faq: ContentPageData = {
  slug: 'faq',
  title: 'Frequently Asked Questions',
  updated_at: '2026-03-01T12:00:00Z',
  body: [
    { type: 'heading', text: 'What is a pitch?' },
    {
      type: 'paragraph',
      text: 'A pitch is a free approach: you introduce yourself by text, audio or video.',
    },
    { type: 'heading', text: 'What does Pro add?' },
    { type: 'list', items: ['A homepage feature', 'Audio and video guest pitches'] },
    { type: 'link', text: 'Contact us', href: '/contact' },
  ],
};

const key = queryKeys.contentPage('faq');

const meta = {
  title: 'Screens/Marketplace/Content page',
  component: ContentPage,
  tags: ['autodocs'],
  args: { slug: 'faq' },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ContentPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  decorators: [(Story) => <QueryData entries={[[key, { data: faq }]]}>{<Story />}</QueryData>],
};

export const Loading: Story = {
  decorators: [(Story) => <QueryData entries={[[key, { loading: true }]]}>{<Story />}</QueryData>],
};

export const LoadFailed: Story = {
  decorators: [
    (Story) => <QueryData entries={[[key, { error: 'Server Error' }]]}>{<Story />}</QueryData>,
  ],
};
