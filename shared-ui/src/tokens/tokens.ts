// Typed handles on the CSS custom properties in tokens.css. `tokens` holds `var(--gs-*)`
// references for inline styles; `tokenValues` holds resolved values for places that cannot read
// CSS variables (e.g. Stripe Elements' appearance API, <meta name="theme-color">, canvas).
// tokens.test.ts keeps both in step with tokens.css.

const cssVar = <Name extends string>(name: Name) => `var(--gs-${name})` as const;

export const tokens = {
  color: {
    bg: cssVar('color-bg'),
    surface: cssVar('color-surface'),
    surfaceMuted: cssVar('color-surface-muted'),
    text: cssVar('color-text'),
    textSecondary: cssVar('color-text-secondary'),
    textMuted: cssVar('color-text-muted'),
    textInverse: cssVar('color-text-inverse'),
    border: cssVar('color-border'),
    borderStrong: cssVar('color-border-strong'),
    brand: cssVar('color-brand'),
    brandHover: cssVar('color-brand-hover'),
    brandSubtle: cssVar('color-brand-subtle'),
    brandText: cssVar('color-brand-text'),
    onBrand: cssVar('color-on-brand'),
    success: cssVar('color-success'),
    successSubtle: cssVar('color-success-subtle'),
    danger: cssVar('color-danger'),
    dangerText: cssVar('color-danger-text'),
    dangerSubtle: cssVar('color-danger-subtle'),
    warning: cssVar('color-warning'),
    warningSubtle: cssVar('color-warning-subtle'),
    info: cssVar('color-info'),
    infoSubtle: cssVar('color-info-subtle'),
    overlay: cssVar('color-overlay'),
    focus: cssVar('color-focus'),
  },
  font: {
    sans: cssVar('font-sans'),
    mono: cssVar('font-mono'),
  },
  fontSize: {
    xs: cssVar('font-size-xs'),
    sm: cssVar('font-size-sm'),
    md: cssVar('font-size-md'),
    lg: cssVar('font-size-lg'),
    xl: cssVar('font-size-xl'),
    '2xl': cssVar('font-size-2xl'),
    '3xl': cssVar('font-size-3xl'),
    '4xl': cssVar('font-size-4xl'),
  },
  fontWeight: {
    regular: cssVar('font-weight-regular'),
    medium: cssVar('font-weight-medium'),
    semibold: cssVar('font-weight-semibold'),
    bold: cssVar('font-weight-bold'),
  },
  lineHeight: {
    tight: cssVar('line-height-tight'),
    snug: cssVar('line-height-snug'),
    normal: cssVar('line-height-normal'),
  },
  space: {
    0: cssVar('space-0'),
    1: cssVar('space-1'),
    2: cssVar('space-2'),
    3: cssVar('space-3'),
    4: cssVar('space-4'),
    5: cssVar('space-5'),
    6: cssVar('space-6'),
    8: cssVar('space-8'),
    10: cssVar('space-10'),
    12: cssVar('space-12'),
    16: cssVar('space-16'),
  },
  radius: {
    sm: cssVar('radius-sm'),
    md: cssVar('radius-md'),
    lg: cssVar('radius-lg'),
    xl: cssVar('radius-xl'),
    full: cssVar('radius-full'),
  },
  shadow: {
    xs: cssVar('shadow-xs'),
    sm: cssVar('shadow-sm'),
    md: cssVar('shadow-md'),
    lg: cssVar('shadow-lg'),
    xl: cssVar('shadow-xl'),
  },
  focusRing: cssVar('focus-ring'),
  /** 44 px: the least size of anything tapped on a touch screen. */
  touchTarget: cssVar('touch-target'),
  duration: {
    fast: cssVar('duration-fast'),
    normal: cssVar('duration-normal'),
  },
  zIndex: {
    dropdown: cssVar('z-dropdown'),
    modal: cssVar('z-modal'),
    toast: cssVar('z-toast'),
  },
} as const;

/** Resolved values of the tokens most often needed outside CSS. */
export const tokenValues = {
  color: {
    brand: '#7f56d9',
    brandHover: '#6941c6',
    text: '#101828',
    textMuted: '#475467',
    surface: '#ffffff',
    border: '#eaecf0',
    danger: '#d92d20',
    success: '#067647',
  },
  radius: { md: '8px' },
} as const;

export type Tokens = typeof tokens;

/**
 * The breakpoints of breakpoints.css, for scripts (`window.matchMedia(media.phone)`) and
 * Storybook's viewports. `phone` is where the phone layout ends, `desktop` where the desktop one
 * starts; tokens.test.ts keeps them equal to the CSS.
 */
export const breakpoints = { phone: 640, desktop: 960 } as const;

export const media = {
  phone: `(max-width: ${breakpoints.phone - 0.02}px)`,
  tabletUp: `(min-width: ${breakpoints.phone}px)`,
  belowDesktop: `(max-width: ${breakpoints.desktop - 0.02}px)`,
  desktopUp: `(min-width: ${breakpoints.desktop}px)`,
  touch: `(pointer: coarse), (max-width: ${breakpoints.phone - 0.02}px)`,
} as const;

/** The screens every component is shown at in Storybook: a small Android phone, a tablet, a laptop. */
export const viewports = {
  phone: { name: 'Phone (360 × 800)', styles: { width: '360px', height: '800px' }, type: 'mobile' },
  tablet: {
    name: 'Tablet (768 × 1024)',
    styles: { width: '768px', height: '1024px' },
    type: 'tablet',
  },
  desktop: {
    name: 'Desktop (1280 × 800)',
    styles: { width: '1280px', height: '800px' },
    type: 'desktop',
  },
} as const;
