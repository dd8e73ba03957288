import { act, render } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
// A data router for the test only: the site's router is the declarative one (app.tsx).
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ScrollToTop, useKeepScroll } from './scroll-to-top';

function KeepsScroll() {
  useKeepScroll(true);
  return <p>Tab two</p>;
}

function setup() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <ScrollToTop>
            <Outlet />
          </ScrollToTop>
        ),
        children: [
          { path: '/a', element: <p>Page A</p> },
          { path: '/b', element: <p>Page B</p> },
          { path: '/tabs/two', element: <KeepsScroll /> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

let scrollTo: jest.SpyInstance;
beforeEach(() => {
  scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('ScrollToTop', () => {
  it('scrolls to top when the path changes', async () => {
    const router = setup();
    scrollTo.mockClear();
    await act(() => router.navigate('/b'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('does not scroll for the same path with another query', async () => {
    const router = setup();
    scrollTo.mockClear();
    await act(() => router.navigate('/a?page=2'));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('leaves the position alone when the route says so', async () => {
    const router = setup();
    scrollTo.mockClear();
    await act(() => router.navigate('/tabs/two'));
    expect(scrollTo).not.toHaveBeenCalled();
    // ...and scrolls again on the next ordinary page.
    await act(() => router.navigate('/b'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('leaves the position alone when the navigation asks, or when a hash names a section', async () => {
    const router = setup();
    scrollTo.mockClear();
    await act(() => router.navigate('/b', { state: { keepScroll: true } }));
    await act(() => router.navigate('/a#pro-subscription'));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
