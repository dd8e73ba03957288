import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteUnavailableError, retryRemote } from './load-remote';
import { isChunkLoadError, RemoteBoundary } from './remote-boundary';

jest.mock('./load-remote', () => ({
  ...jest.requireActual('./load-remote'),
  retryRemote: jest.fn(),
}));

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

let failing = true;
function Area() {
  if (failing) throw new RemoteUnavailableError('mfe_booking');
  return <p>Bookings content</p>;
}

function ChunkGone(): never {
  const error = new Error('Loading chunk 123 failed.');
  error.name = 'ChunkLoadError';
  throw error;
}

/** The chunk is back once the remote's entry was loaded again (retryRemote). */
let chunkRedeployed = false;
function ChunkOnceGone() {
  if (!chunkRedeployed) {
    const error = new Error('Loading chunk 7 failed.');
    error.name = 'ChunkLoadError';
    throw error;
  }
  return <p>Account content</p>;
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  jest.restoreAllMocks();
  jest.mocked(retryRemote).mockReset();
});

describe('RemoteBoundary', () => {
  it('says the area is unavailable and recovers with Retry once the remote is back', async () => {
    failing = true;
    render(
      <RemoteBoundary remote="mfe_booking">
        <Area />
      </RemoteBoundary>,
    );
    expect(
      screen.getByRole('heading', { name: 'Bookings is unavailable right now.' }),
    ).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('Bookings content')).toBeInTheDocument();
  });

  it('retries a vanished chunk once by itself, then offers a reload', async () => {
    render(
      <RemoteBoundary remote="mfe_account">
        <ChunkGone />
      </RemoteBoundary>,
    );
    expect(
      await screen.findByRole('heading', { name: 'A new version of Guestspot is available.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(retryRemote).toHaveBeenCalledTimes(1);
  });

  it('recovers without the user when the retried chunk loads', async () => {
    chunkRedeployed = false;
    jest.mocked(retryRemote).mockImplementation(() => {
      chunkRedeployed = true;
    });
    render(
      <RemoteBoundary remote="mfe_account">
        <ChunkOnceGone />
      </RemoteBoundary>,
    );
    expect(await screen.findByText('Account content')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });

  it('recognises a failed remote load caused by a vanished chunk', () => {
    const chunk = new Error('Loading chunk 9 failed.');
    chunk.name = 'ChunkLoadError';
    expect(isChunkLoadError(new RemoteUnavailableError('mfe_booking', chunk))).toBe(true);
    expect(isChunkLoadError(new RemoteUnavailableError('mfe_booking', new Error('502')))).toBe(
      false,
    );
  });
});
