import { act, fireEvent, screen, within } from '@testing-library/react';
import { axe } from 'jest-axe';
import { makeUser, renderWithProviders, setSession } from '@guestspot/shared-api/testing';
import { publishRoutes } from '../routing/fake-remotes';
import { SubNav } from './sub-nav';

/** What the remotes publish today (decision 070): the spec's /payments is not built yet. */
const published = {
  mfe_marketplace: ['/', '/wishlist', '/:guestId'],
  mfe_booking: ['/bookings'],
  mfe_account: ['/details', '/settings'],
  mfe_miniview: ['/user-miniviews'],
};

const LINKS = ['Dashboard', 'Bookings', 'MINIVIEW', 'Wishlist', 'Profiles', 'Account settings'];

// jsdom lays nothing out: a 360 px wide list whose links are 100 px wide, 120 px apart.
const LIST_WIDTH = 360;
const LINK_WIDTH = 100;
const STEP = 120;

function rect(left: number, width: number): DOMRect {
  return {
    x: left,
    y: 0,
    left,
    top: 0,
    right: left + width,
    bottom: 48,
    width,
    height: 48,
    toJSON: () => ({}),
  };
}

function layOut(element: HTMLElement): DOMRect {
  if (element.tagName === 'UL') return rect(0, LIST_WIDTH);
  const index = element.tagName === 'A' ? LINKS.indexOf(element.textContent ?? '') : -1;
  return index < 0 ? rect(0, 0) : rect(index * STEP, LINK_WIDTH);
}

/** Where the list must scroll to for link `index` to sit in its middle. */
const centred = (index: number) => index * STEP - (LIST_WIDTH - LINK_WIDTH) / 2;

function mockScrollSize(list: HTMLElement, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(list, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(list, 'clientWidth', { configurable: true, value: clientWidth });
}

function scrollListTo(list: HTMLElement, left: number) {
  list.scrollLeft = left;
  fireEvent.scroll(list);
}

describe('the account sub-navigation', () => {
  const scrollTo = jest.fn();

  beforeEach(async () => {
    await publishRoutes(published);
    setSession(makeUser());
    scrollTo.mockClear();
    // jsdom has no element scrolling; SubNav scrolls its list with scrollTo.
    Object.defineProperty(Element.prototype, 'scrollTo', {
      configurable: true,
      writable: true,
      value: scrollTo,
    });
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      return layOut(this);
    });
  });

  afterEach(() => {
    jest.restoreAllMocks();
    Reflect.deleteProperty(Element.prototype, 'scrollTo');
  });

  it('is a labelled navigation with a list of the account pages', async () => {
    const { container } = renderWithProviders(<SubNav />, { route: '/wishlist' });
    const nav = screen.getByRole('navigation', { name: 'Account' });
    const links = within(within(nav).getByRole('list')).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(LINKS);
    expect(within(nav).getByRole('link', { name: 'Wishlist' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await axe(container)).toHaveNoViolations();
  });

  it('offers Payments only once a remote publishes /payments', async () => {
    renderWithProviders(<SubNav />, { route: '/dashboard' });
    const nav = screen.getByRole('navigation', { name: 'Account' });
    // Until then /payments is the not-found page (never the profile catch-all): no link to it.
    expect(within(nav).queryByRole('link', { name: 'Payments' })).not.toBeInTheDocument();
    await act(() =>
      publishRoutes({ ...published, mfe_booking: [...published.mfe_booking, '/payments'] }),
    );
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([...LINKS.slice(0, 4), 'Payments', ...LINKS.slice(4)]);
  });

  it('brings the current page’s link to the middle of the row, on arrival and on every navigation', async () => {
    const pageScroll = jest.spyOn(window, 'scrollTo');
    const { router } = renderWithProviders(<SubNav />, { route: '/wishlist' });
    const list = within(screen.getByRole('navigation', { name: 'Account' })).getByRole('list');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo.mock.contexts[0]).toBe(list);
    // On arrival the row is there at once; it does not glide in.
    expect(scrollTo).toHaveBeenLastCalledWith({ left: centred(3), behavior: 'instant' });

    await act(() => router.navigate('/settings'));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: centred(5) });
    await act(() => router.navigate('/dashboard'));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: centred(0) });
    // Only the row moves: the page stays where it is.
    expect(pageScroll).not.toHaveBeenCalled();
  });

  it('centres the current link again when a count arrives and moves it', () => {
    renderWithProviders(<SubNav />, { route: '/settings' });
    expect(scrollTo).toHaveBeenCalledTimes(1);
    act(() => setSession(makeUser({ new_bookings_count: 2 })));
    expect(screen.getByRole('link', { name: /Bookings.*2 new bookings/ })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrollTo).toHaveBeenLastCalledWith({ left: centred(5) });
  });

  it('marks the edges that hide links, as the row scrolls', () => {
    renderWithProviders(<SubNav />, { route: '/dashboard' });
    const nav = screen.getByRole('navigation', { name: 'Account' });
    const list = within(nav).getByRole('list');

    mockScrollSize(list, 800, LIST_WIDTH);
    scrollListTo(list, 0);
    expect(nav).not.toHaveAttribute('data-overflow-start');
    expect(nav).toHaveAttribute('data-overflow-end');

    scrollListTo(list, 200);
    expect(nav).toHaveAttribute('data-overflow-start');
    expect(nav).toHaveAttribute('data-overflow-end');

    scrollListTo(list, 800 - LIST_WIDTH);
    expect(nav).toHaveAttribute('data-overflow-start');
    expect(nav).not.toHaveAttribute('data-overflow-end');
  });

  it('marks no edge when every link fits', () => {
    renderWithProviders(<SubNav />, { route: '/dashboard' });
    const nav = screen.getByRole('navigation', { name: 'Account' });
    const list = within(nav).getByRole('list');
    mockScrollSize(list, 1000, 1000);
    scrollListTo(list, 0);
    expect(nav).not.toHaveAttribute('data-overflow-start');
    expect(nav).not.toHaveAttribute('data-overflow-end');
  });
});
