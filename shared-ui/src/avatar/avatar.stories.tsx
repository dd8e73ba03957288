import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Avatar } from './avatar';

// A local stand-in for an uploaded photo: the catalogue works offline.
const photo = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">' +
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
    '<stop offset="0" stop-color="#f4ebff"/><stop offset="1" stop-color="#d6bbfb"/></linearGradient></defs>' +
    '<rect width="100" height="100" fill="url(#g)"/>' +
    '<circle cx="50" cy="40" r="18" fill="#7f56d9"/>' +
    '<path d="M18 96c4-22 18-32 32-32s28 10 32 32z" fill="#6941c6"/></svg>',
)}`;

const meta = {
  title: 'Components/Avatar',
  component: Avatar,
  tags: ['autodocs'],
  args: { name: 'Ada Lovelace', emailHash: '205e460b479e2e5b48aec07710c08d50' },
  argTypes: {
    shape: { control: 'inline-radio', options: ['circle', 'rounded'] },
    size: { control: { type: 'range', min: 24, max: 160, step: 4 } },
  },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithImage: Story = { args: { src: photo } };

/** No picture: an identicon generated locally from the email hash (no network). */
export const Identicon: Story = {};

export const Identicons: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
      {[
        '205e460b479e2e5b48aec07710c08d50',
        'a3c65c2974270fd093ee8a9bf8ae7d0b',
        '0bc83cb571cd1c50ba6f3e8a78ef1346',
        'f9879d71855b5ff21e4963273a886bfc',
        '6d4db5ff0c117864a02827bad3c361b9',
      ].map((hash, index) => (
        <Avatar key={hash} name={`Guest ${index + 1}`} emailHash={hash} size={64} />
      ))}
    </div>
  ),
};

export const Initials: Story = { args: { emailHash: undefined, size: 64 } };

export const BrokenImageFallsBack: Story = { args: { src: '/no-such-picture.png' } };

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
      {[24, 32, 48, 64, 100].map((size) => (
        <Avatar key={size} {...args} size={size} />
      ))}
    </div>
  ),
};

export const Rounded: Story = { args: { shape: 'rounded', src: photo, size: 64 } };
