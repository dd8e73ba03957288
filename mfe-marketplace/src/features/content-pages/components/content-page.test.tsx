import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import type { ContentPage as ContentPageData } from '@guestspot/shared-api';
import { renderWithProviders, server, setupMswServer } from '@guestspot/shared-api/testing';
import { ContentPage, ContentPageBySlug } from './content-page';

setupMswServer();

const about: ContentPageData = {
  slug: 'about',
  title: 'About Us',
  updated_at: '2026-03-01T12:00:00Z',
  body: [
    { type: 'paragraph', text: 'Guestspot is the guest booking marketplace.' },
    { type: 'heading', text: 'What we do' },
    { type: 'list', items: ['Bookings', 'Pitches'] },
    { type: 'link', text: 'Browse guests', href: '/browse?showing=guests' },
    { type: 'link', text: 'Email support', href: 'mailto:support@guestspot.test' },
    { type: 'link', text: 'Sneaky', href: 'javascript:alert(1)' },
    { type: 'paragraph', text: '<img src=x onerror=alert(1)>' },
  ],
};

describe('a content page', () => {
  it('renders the blocks as elements, the text as text, and only safe links', async () => {
    server.use(http.get('*/api/v1/pages/about', () => HttpResponse.json({ data: about })));
    const { container } = renderWithProviders(<ContentPage slug="about" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading page');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What we do' })).toBeInTheDocument();
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Browse guests' })).toHaveAttribute(
      'href',
      '/browse?showing=guests',
    );
    expect(screen.getByRole('link', { name: 'Email support' })).toHaveAttribute(
      'href',
      'mailto:support@guestspot.test',
    );
    expect(screen.queryByRole('link', { name: 'Sneaky' })).not.toBeInTheDocument();
    expect(screen.getByText('Sneaky')).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('Last updated March 1, 2026')).toBeInTheDocument();
    expect(document.title).toBe('About Us | Guestspot');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('sends an unknown slug to the not-found page', async () => {
    server.use(
      http.get('*/api/v1/pages/nope', () =>
        HttpResponse.json({ message: 'Not found.' }, { status: 404 }),
      ),
    );
    const { router } = renderWithProviders(<ContentPageBySlug />, {
      route: '/pages/nope',
      path: '/pages/:pageSlug',
      routes: [{ path: '/404-not-found', element: <h1>Page not found</h1> }],
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404-not-found');
  });

  it('offers a retry when the page cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get('*/api/v1/pages/faq', () =>
        fail
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : HttpResponse.json({ data: { ...about, slug: 'faq', title: 'FAQ' } }),
      ),
    );
    renderWithProviders(<ContentPageBySlug />, { route: '/pages/faq', path: '/pages/:pageSlug' });
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 4000 });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This page could not be loaded. Check your connection and retry.',
    );
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'FAQ' })).toBeInTheDocument();
  });
});
