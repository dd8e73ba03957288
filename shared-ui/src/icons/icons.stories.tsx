import type { Meta, StoryObj } from '@storybook/react-webpack5';
import * as icons from './icons';

const meta = {
  title: 'Utilities/Icons',
  component: icons.IconCheck,
  tags: ['autodocs'],
  args: { size: 24 },
} satisfies Meta<typeof icons.IconCheck>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Gallery: Story = {
  render: (args) => (
    <ul
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
        gap: 16,
        padding: 0,
        listStyle: 'none',
      }}
    >
      {Object.entries(icons).map(([name, Icon]) => (
        <li key={name} style={{ display: 'grid', justifyItems: 'center', gap: 8, fontSize: 12 }}>
          <Icon {...args} />
          <span>{name}</span>
        </li>
      ))}
    </ul>
  ),
};

export const Labelled: Story = { args: { 'aria-label': 'Verified' } };
