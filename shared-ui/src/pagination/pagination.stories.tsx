import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { Pagination } from './pagination';

const meta = {
  title: 'Navigation/Pagination',
  component: Pagination,
  tags: ['autodocs'],
  args: { currentPage: 1, totalPages: 10, onPageChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 720 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstPage: Story = {};

export const MiddlePage: Story = { args: { currentPage: 5 } };

export const LastPage: Story = { args: { currentPage: 10 } };

/** Booking management's lists: a strip of five pages around the current one, no ellipsis. */
export const Strip: Story = { args: { currentPage: 6, strip: 5 } };

export const FewPages: Story = { args: { currentPage: 2, totalPages: 3 } };

/** Renders nothing: there is nothing to page through. */
export const SinglePage: Story = { args: { totalPages: 1 } };

export const Interactive: Story = {
  render: function Render(args) {
    const [page, setPage] = useState(1);
    return (
      <Pagination
        {...args}
        totalPages={24}
        currentPage={page}
        onPageChange={(next) => {
          setPage(next);
          args.onPageChange(next);
        }}
      />
    );
  },
};

/** On a phone: icon-only steps, the first, current and last pages, 44 px targets. */
export const Phone: Story = {
  ...MiddlePage,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
