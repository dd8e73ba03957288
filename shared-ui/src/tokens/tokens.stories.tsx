import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { tokens } from './tokens';

const meta = {
  title: 'Foundations/Tokens',
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'CSS custom properties from `tokens.css`; in TypeScript use the typed `tokens` object ' +
          '(`tokens.color.brand` is `var(--gs-color-brand)`).',
      },
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const label = { fontSize: 12, color: 'var(--gs-color-text-muted)', fontFamily: tokens.font.mono };

export const Colours: Story = {
  render: () => (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
        gap: 16,
      }}
    >
      {Object.entries(tokens.color).map(([name, value]) => (
        <div key={name} style={{ display: 'grid', gap: 6 }}>
          <div
            style={{
              height: 56,
              borderRadius: tokens.radius.lg,
              background: value,
              boxShadow: 'inset 0 0 0 1px rgb(16 24 40 / 0.1)',
            }}
          />
          <strong style={{ fontSize: 14 }}>color.{name}</strong>
          <span style={label}>{value}</span>
        </div>
      ))}
    </div>
  ),
};

export const Typography: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      {Object.entries(tokens.fontSize)
        .reverse()
        .map(([name, value]) => (
          <div key={name} style={{ display: 'flex', alignItems: 'baseline', gap: 16 }}>
            <span style={{ ...label, width: 120 }}>fontSize.{name}</span>
            <span style={{ fontSize: value, fontWeight: tokens.fontWeight.semibold }}>
              Book the right guest
            </span>
          </div>
        ))}
    </div>
  ),
};

export const Spacing: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 8 }}>
      {Object.entries(tokens.space).map(([name, value]) => (
        <div key={name} style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
          <span style={{ ...label, width: 120 }}>space.{name}</span>
          <span
            style={{
              width: value,
              height: 16,
              background: tokens.color.brand,
              borderRadius: 4,
            }}
          />
        </div>
      ))}
    </div>
  ),
};

export const RadiiAndShadows: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
      {Object.entries(tokens.shadow).map(([name, value], index) => {
        const radius = Object.values(tokens.radius)[index] ?? tokens.radius.md;
        return (
          <div key={name} style={{ display: 'grid', gap: 8, justifyItems: 'center' }}>
            <div
              style={{
                width: 120,
                height: 80,
                background: tokens.color.surface,
                borderRadius: radius,
                boxShadow: value,
              }}
            />
            <span style={label}>shadow.{name}</span>
            <span style={label}>{radius}</span>
          </div>
        );
      })}
    </div>
  ),
};
