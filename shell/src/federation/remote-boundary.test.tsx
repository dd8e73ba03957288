import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteUnavailableError } from './load-remote';
import { RemoteBoundary } from './remote-boundary';

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

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

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

  it('offers a reload when a chunk vanished after a redeploy', () => {
    render(
      <RemoteBoundary remote="mfe_account">
        <ChunkGone />
      </RemoteBoundary>,
    );
    expect(
      screen.getByRole('heading', { name: 'A new version of Guestspot is available.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
