import { Component, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazyPage, retryFailedPages } from './lazy-page';
import { PageBoundary } from './page-boundary';

/** What a page module's import() resolves to. */
const pageModule = {
  GreetingPage: ({ name }: { name: string }) => <h1>Hello {name}</h1>,
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Stands in for the shell's RemoteBoundary: says the page failed and remounts it on Retry. */
class Boundary extends Component<{ children: ReactNode }, { failed: boolean; attempt: number }> {
  override state = { failed: false, attempt: 0 };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return <div key={this.state.attempt}>{this.props.children}</div>;
    return (
      <button
        type="button"
        onClick={() => {
          retryFailedPages();
          this.setState(({ attempt }) => ({ failed: false, attempt: attempt + 1 }));
        }}
      >
        Retry
      </button>
    );
  }
}

describe('lazyPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the page spinner while the chunk arrives, then the page with its props', async () => {
    const chunk = deferred<typeof pageModule>();
    const GreetingPage = lazyPage(() => chunk.promise, 'GreetingPage');
    render(<GreetingPage name="Ada" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading page');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();

    chunk.resolve(pageModule);
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('loads the chunk once, however often it is preloaded and rendered', async () => {
    const load = jest.fn(() => Promise.resolve(pageModule));
    const GreetingPage = lazyPage(load, 'GreetingPage');
    await Promise.all([GreetingPage.preload(), GreetingPage.preload()]);
    render(<GreetingPage name="Ada" />);
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches a chunk that failed to load again on the next preload', async () => {
    const load = jest
      .fn<Promise<typeof pageModule>, []>()
      .mockRejectedValueOnce(new Error('Loading chunk 42 failed.'))
      .mockResolvedValueOnce(pageModule);
    const GreetingPage = lazyPage(load, 'GreetingPage');
    await expect(GreetingPage.preload()).rejects.toThrow('Loading chunk 42 failed.');
    await expect(GreetingPage.preload()).resolves.toBe(pageModule);
    expect(load).toHaveBeenCalledTimes(2);

    render(<GreetingPage name="Ada" />);
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads a page whose chunk failed while it was shown again on Retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
    const load = jest
      .fn<Promise<typeof pageModule>, []>()
      .mockRejectedValueOnce(new Error('Loading chunk 42 failed.'))
      .mockResolvedValueOnce(pageModule);
    const GreetingPage = lazyPage(load, 'GreetingPage');
    render(
      <Boundary>
        <GreetingPage name="Ada" />
      </Boundary>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps a failed chunk failed below a PageBoundary until Retry (no endless reloading)', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
    const load = jest
      .fn<Promise<typeof pageModule>, []>()
      .mockRejectedValueOnce(new Error('Loading chunk 42 failed.'))
      .mockResolvedValueOnce(pageModule);
    const GreetingPage = lazyPage(load, 'GreetingPage');
    render(
      <Boundary>
        <PageBoundary>
          <GreetingPage name="Ada" />
        </PageBoundary>
      </Boundary>,
    );
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(load).toHaveBeenCalledTimes(1);

    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
