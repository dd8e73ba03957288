/* eslint-disable testing-library/no-node-access -- what is tested is which DOM nodes are shown: the server's own, moved, never copies */
import { act, render, screen } from '@testing-library/react';
import { PageLoading } from './page-loading';
import { adoptPrerenderedPage } from './prerendered-page';

/** The page as the site's server sends it: its nodes inside the frame's holder (decision 077). */
function serverPage(html: string) {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  return holder;
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = '';
});

describe('PageLoading', () => {
  it('says the page is loading', () => {
    render(<PageLoading label="Loading bookings" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading bookings');
  });

  it('shows the server-rendered page, the same nodes, inert, while its code arrives', () => {
    window.history.replaceState(null, '', '/guests/2?tab=reviews');
    const holder = serverPage('<h1>Priya Patel</h1><button type="button">Book</button>');
    const heading = holder.querySelector('h1');
    adoptPrerenderedPage('/guests/2?tab=reviews', holder);

    render(<PageLoading />);

    expect(screen.getByRole('heading', { name: 'Priya Patel' })).toBe(heading);
    expect(heading?.closest('.gs-prerendered')).toHaveAttribute('inert');
    expect(heading?.closest('.gs-prerendered')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('moves the page into each fallback of the same first load', () => {
    window.history.replaceState(null, '', '/login');
    adoptPrerenderedPage('/login', serverPage('<h1>Sign in</h1>'));

    const { unmount } = render(<PageLoading />);
    unmount();
    render(<PageLoading />);

    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('forgets the server’s page once the visitor is elsewhere', () => {
    window.history.replaceState(null, '', '/login');
    adoptPrerenderedPage('/login', serverPage('<h1>Sign in</h1>'));
    act(() => window.history.pushState(null, '', '/browse'));
    render(<PageLoading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading page');

    // Back on the first URL later: a spinner too, the server's page is old by then.
    act(() => window.history.pushState(null, '', '/login'));
    render(<PageLoading />);
    expect(screen.getAllByRole('status')).toHaveLength(2);
    expect(
      screen.queryByRole('heading', { name: 'Sign in' })?.closest('.gs-prerendered'),
    ).toBeNull();
  });
});
