import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import {
  Outlet,
  Route,
  Routes,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
} from 'react-router-dom';
import { lazyPage, PageBoundary } from '@guestspot/shared-ui';
import { NavigationProgress, watchNavigations } from './navigation-progress';

const pages = {
  NextPage: () => <h1>Next page</h1>,
};

/** The shell's way: a watched history under the declarative router (app.tsx). */
function renderAt(initial: string, next: ReactNode) {
  const history = watchNavigations(
    createMemoryHistory({ initialEntries: [initial], v5Compat: true }),
  );
  render(
    <HistoryRouter history={history}>
      <Routes>
        <Route
          element={
            <>
              <NavigationProgress />
              <main>
                <PageBoundary>
                  <Outlet />
                </PageBoundary>
              </main>
            </>
          }
        >
          <Route path="/" element={<h1>First page</h1>} />
          <Route path="/next" element={next} />
        </Route>
      </Routes>
    </HistoryRouter>,
  );
  return { history };
}

describe('a navigation to a page whose code is still to come', () => {
  it('keeps the page it leaves, with a progress bar, until the next page is ready', async () => {
    let arrive!: (module: typeof pages) => void;
    const chunk = new Promise<typeof pages>((resolve) => {
      arrive = resolve;
    });
    const NextPage = lazyPage(() => chunk, 'NextPage');
    const { history } = renderAt('/', <NextPage />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    act(() => history.push('/next'));
    expect(screen.getByRole('heading', { name: 'First page' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /loading/i })).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument();

    await act(async () => arrive(pages));
    expect(await screen.findByRole('heading', { name: 'Next page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'First page' })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows no bar for a page that is ready at once', () => {
    const { history } = renderAt('/', <h1>Next page</h1>);
    act(() => history.push('/next'));
    expect(screen.getByRole('heading', { name: 'Next page' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the page spinner on the first load, when no page is on screen yet', () => {
    const NextPage = lazyPage(() => new Promise<typeof pages>(() => undefined), 'NextPage');
    renderAt('/next', <NextPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading page');
  });
});
