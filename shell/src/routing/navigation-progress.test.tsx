import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { lazyPage, PageBoundary } from '@guestspot/shared-ui';
import { NavigationProgress, watchNavigations } from './navigation-progress';

const pages = {
  NextPage: () => <h1>Next page</h1>,
};

function setup() {
  let arrive!: (module: typeof pages) => void;
  const chunk = new Promise<typeof pages>((resolve) => {
    arrive = resolve;
  });
  const NextPage = lazyPage(() => chunk, 'NextPage');
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <NavigationProgress />
            <main>
              <PageBoundary>
                <Outlet />
              </PageBoundary>
            </main>
          </>
        ),
        children: [
          { path: '/', element: <h1>First page</h1> },
          { path: '/next', element: <NextPage /> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  watchNavigations(router);
  render(<RouterProvider router={router} />);
  return { router, arrive };
}

describe('a navigation to a page whose code is still to come', () => {
  it('keeps the page it leaves, with a progress bar, until the next page is ready', async () => {
    const { router, arrive } = setup();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await act(() => router.navigate('/next'));
    expect(screen.getByRole('heading', { name: 'First page' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /loading/i })).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument();

    await act(async () => arrive(pages));
    expect(await screen.findByRole('heading', { name: 'Next page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'First page' })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the page spinner on the first load, when no page is on screen yet', () => {
    const NextPage = lazyPage(() => new Promise<typeof pages>(() => undefined), 'NextPage');
    const router = createMemoryRouter(
      [
        {
          element: (
            <PageBoundary>
              <Outlet />
            </PageBoundary>
          ),
          children: [{ path: '/next', element: <NextPage /> }],
        },
      ],
      { initialEntries: ['/next'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading page');
  });
});
