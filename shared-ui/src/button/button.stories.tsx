import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { IconChevronRight, IconSearch } from '../icons/icons';
import { Button, ButtonLink } from './button';

const meta = {
  title: 'Components/Button',
  component: Button,
  tags: ['autodocs'],
  args: { children: 'Book a guest', onClick: fn() },
  argTypes: {
    variant: {
      control: 'inline-radio',
      options: ['primary', 'secondary', 'ghost', 'danger', 'link'],
    },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
    leadingIcon: { control: false },
    trailingIcon: { control: false },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};

export const Secondary: Story = { args: { variant: 'secondary', children: 'Save draft' } };

export const Ghost: Story = { args: { variant: 'ghost', children: 'Skip for now' } };

export const Danger: Story = { args: { variant: 'danger', children: 'Delete MINIVIEW' } };

export const Link: Story = { args: { variant: 'link', children: 'Forgot password?' } };

export const Small: Story = { args: { size: 'sm', children: 'Edit' } };

export const Large: Story = { args: { size: 'lg', children: 'Get started' } };

export const WithIcons: Story = {
  args: {
    variant: 'secondary',
    leadingIcon: <IconSearch />,
    trailingIcon: <IconChevronRight />,
    children: 'Find guests',
  },
};

export const Loading: Story = { args: { loading: true, children: 'Saving' } };

export const Disabled: Story = { args: { disabled: true } };

export const FullWidth: Story = { args: { fullWidth: true, children: 'Sign In' } };

export const AsRouterLink: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 12 }}>
      <ButtonLink to="/profiles">Browse profiles</ButtonLink>
      <ButtonLink to="/register" variant="secondary">
        Create an account
      </ButtonLink>
    </div>
  ),
};

/** On a phone (or any touch screen) a small button is still 44 × 44 px: a finger's size. */
export const Phone: Story = {
  ...Small,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
