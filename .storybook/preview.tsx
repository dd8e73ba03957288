import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Preview } from '@storybook/react-webpack5';
import { MemoryRouter } from 'react-router-dom';
import { viewports } from '@guestspot/shared-ui/tokens';
import '@guestspot/shared-ui/tokens.css';
import '@guestspot/shared-ui/base.css';

function Providers({ children }: { children: React.ReactNode }) {
  // A fresh cache per story: one story's data never leaks into the next.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

const preview: Preview = {
  decorators: [
    (Story) => (
      <Providers>
        <Story />
      </Providers>
    ),
  ],
  parameters: {
    layout: 'padded',
    controls: { expanded: true, matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Fail the a11y panel (and any test runner) on violations instead of only listing them.
    a11y: { test: 'error' },
    // Every story can be seen on a phone, a tablet and a desktop (the toolbar's viewport menu);
    // key screens also have a story pinned to the phone (`globals: { viewport: … }`).
    viewport: { options: viewports },
    backgrounds: {
      options: {
        page: { name: 'Page', value: '#f9fafb' },
        surface: { name: 'Surface', value: '#ffffff' },
      },
    },
  },
  initialGlobals: { backgrounds: { value: 'page' } },
};

export default preview;
