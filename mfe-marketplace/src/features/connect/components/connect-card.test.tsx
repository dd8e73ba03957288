import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import {
  makeUser,
  paginated,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { useProFeatureDialogStore } from '@guestspot/shared-ui';
import { widgets } from '../../../exposes/widgets';
import { ConnectCard } from './connect-card';

setupMswServer();
beforeEach(() => useProFeatureDialogStore.setState({ open: false, message: undefined }));

const guest = { id: 3, name: 'Priya Patel', slug: 'priya-patel', imageUrl: null };
const show = { id: 4, name: 'The Founder Files', slug: 'the-founder-files', imageUrl: null };

describe('the connect dashboard card', () => {
  it('is exposed to the dashboard for Pro accounts only', () => {
    const widget = widgets.find((item) => item.id === 'connect');
    expect(widget).toMatchObject({ title: 'Connect', proOnly: true });
  });

  it("offers 'Explore Shows' only to users with a guest profile", () => {
    setSession(makeUser({ account_type: 'pro', guest }));
    renderWithProviders(<ConnectCard />);
    expect(screen.getByRole('button', { name: 'Explore Shows' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Explore Guests' })).not.toBeInTheDocument();
  });

  it("offers 'Explore Guests' only to users with a show", () => {
    setSession(makeUser({ account_type: 'pro', shows: [show] }));
    renderWithProviders(<ConnectCard />);
    expect(screen.getByRole('button', { name: 'Explore Guests' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Explore Shows' })).not.toBeInTheDocument();
  });

  it('offers both to users with both, and opens the swipe modal for Pro accounts', async () => {
    setSession(makeUser({ account_type: 'pro', guest, shows: [show] }));
    server.use(
      http.get('*/api/v1/guests/connect-candidates', () =>
        HttpResponse.json(paginated([], 1, 10, 0)),
      ),
    );
    const { container } = renderWithProviders(<ConnectCard />);
    expect(await axe(container)).toHaveNoViolations();
    await userEvent.click(screen.getByRole('button', { name: 'Explore Guests' }));
    expect(await screen.findByRole('dialog', { name: 'Explore Guests' })).toBeInTheDocument();
    expect(
      await screen.findByText('There are no more guests that match your interests!'),
    ).toBeInTheDocument();
    expect(useProFeatureDialogStore.getState().open).toBe(false);
  });

  it('renders nothing for a standard account, even with profiles to explore from', () => {
    setSession(makeUser({ account_type: 'standard', guest, shows: [show] }));
    const { container } = renderWithProviders(<ConnectCard />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: /Explore/ })).not.toBeInTheDocument();
  });

  it('is not shown to users with no profile to explore from', () => {
    setSession(makeUser({ account_type: 'pro' }));
    const { container } = renderWithProviders(<ConnectCard />);
    expect(container).toBeEmptyDOMElement();
  });
});
