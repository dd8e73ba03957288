import { act, screen } from '@testing-library/react';
import type { DashboardWidget } from '@guestspot/shared-api';
import { makeUser, renderWithProviders, setSession } from '@guestspot/shared-api/testing';
import { RemoteWidgets } from './remote-widgets';

// Each card in its own boundary, and who sees which (decision 118): the remote's widgets module is
// given directly, as the federation runtime would answer it.

let cards: DashboardWidget[] = [];
// One promise per test, as the runtime keeps one per remote module (use() needs it stable).
let loaded: Promise<{ widgets: DashboardWidget[] }>;
jest.mock('../federation/load-remote', () => ({
  ...jest.requireActual('../federation/load-remote'),
  loadRemoteModule: () => loaded,
}));

const card = (
  id: string,
  title: string,
  extra: Partial<DashboardWidget> = {},
): DashboardWidget => ({
  id,
  title,
  order: 0,
  Component: () => <p>{`${title} content`}</p>,
  ...extra,
});

function Broken(): never {
  throw new Error('The card broke.');
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  cards = [
    card('balance', 'Balance', { order: 1 }),
    card('broken', 'Shows', { order: 2, Component: Broken }),
    card('connect', 'Connect', { order: 3, proOnly: true }),
    card('unlock-pro', 'Unlock Pro', { order: 4, standardOnly: true }),
  ];
  loaded = Promise.resolve({ widgets: cards });
});
afterEach(() => jest.restoreAllMocks());

/** Renders the remote's cards; the render suspends on use() until the module is there. */
async function show() {
  // eslint-disable-next-line testing-library/no-unnecessary-act -- needed: the render suspends on use()
  await act(async () => {
    renderWithProviders(<RemoteWidgets remote="mfe_account" />);
  });
}

describe('the dashboard’s cards', () => {
  it('a failing card says so alone; the others stay', async () => {
    setSession(makeUser({ account_type: 'pro' }));
    await show();
    expect(await screen.findByText('Balance content')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Shows card is unavailable right now.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByText('Connect content')).toBeInTheDocument();
  });

  it('a PRO account sees the connect card and no Unlock Pro', async () => {
    setSession(makeUser({ account_type: 'pro' }));
    await show();
    expect(await screen.findByText('Connect content')).toBeInTheDocument();
    expect(screen.queryByText('Unlock Pro content')).not.toBeInTheDocument();
  });

  it('a standard account sees Unlock Pro and no connect card', async () => {
    setSession(makeUser({ account_type: 'standard' }));
    await show();
    expect(await screen.findByText('Unlock Pro content')).toBeInTheDocument();
    expect(screen.queryByText('Connect content')).not.toBeInTheDocument();
  });
});
