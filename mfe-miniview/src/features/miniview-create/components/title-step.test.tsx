import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { makeUser, setSession, setupMswServer } from '@guestspot/shared-api/testing';
import { closeSubscribeDialog, useSubscribeDialogStore } from '@guestspot/shared-ui';
import { MINIVIEW_DRAFT_KEY, useMiniviewDraftStore } from '../stores/miniview-draft-store';
import { PRO_FEATURE_TITLE } from './create-layout';
import { pro, renderCreation, resetCreation } from './test-support';

setupMswServer();
beforeEach(resetCreation);

describe('/miniviews-create (step 1: title)', () => {
  it('asks for a title, then goes to the questions with it', async () => {
    const user = userEvent.setup();
    const { router, container } = renderCreation('/miniviews-create');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create MINIVIEW™' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 2: Title')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Title is required');
    expect(router.state.location.pathname).toBe('/miniviews-create');

    await user.type(screen.getByLabelText(/^Title/), 'Founder stories');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/miniviews-create/questions'));
    expect(await screen.findByText('Step 2 of 2: Questions')).toBeInTheDocument();
    expect(screen.getByText('Founder stories')).toBeInTheDocument();

    // Back keeps what was entered.
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('Founder stories');
  });

  it('keeps the typed title across a reload of the page', async () => {
    const user = userEvent.setup();
    const { unmount } = renderCreation('/miniviews-create');
    await user.type(await screen.findByLabelText(/^Title/), 'Half typed');
    unmount();
    const stored = sessionStorage.getItem(MINIVIEW_DRAFT_KEY);
    expect(stored).toContain('Half typed');

    // A reload: the store starts empty (which it writes down) and reads the tab's storage again.
    useMiniviewDraftStore.setState({ drafts: {}, created: {} });
    sessionStorage.setItem(MINIVIEW_DRAFT_KEY, stored!);
    await act(() => useMiniviewDraftStore.persist.rehydrate());
    renderCreation('/miniviews-create');
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('Half typed');
  });

  it('drops the draft on Cancel', async () => {
    const user = userEvent.setup();
    const { router } = renderCreation('/miniviews-create');
    await user.type(await screen.findByLabelText(/^Title/), 'Not this one');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-miniviews'));
    expect(useMiniviewDraftStore.getState().drafts[pro.id]).toBeUndefined();
  });

  it("does not show another account's draft", async () => {
    const user = userEvent.setup();
    const { unmount } = renderCreation('/miniviews-create');
    await user.type(await screen.findByLabelText(/^Title/), 'Mine');
    unmount();
    setSession(makeUser({ id: pro.id + 1, account_type: 'pro' }));
    renderCreation('/miniviews-create');
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('');
  });

  it('shows a standard account the Subscribe dialog first, and the step once it is Pro', async () => {
    setSession(makeUser({ id: 6, account_type: 'standard' }));
    const user = userEvent.setup();
    const { container } = renderCreation('/miniviews-create');
    expect(await screen.findByRole('heading', { name: PRO_FEATURE_TITLE })).toBeInTheDocument();
    expect(useSubscribeDialogStore.getState().open).toBe(true);
    expect(screen.queryByLabelText(/^Title/)).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();

    // Closed without subscribing: the page offers it again.
    act(() => closeSubscribeDialog());
    await user.click(screen.getByRole('button', { name: 'Go Pro' }));
    expect(useSubscribeDialogStore.getState().open).toBe(true);

    // Subscribing refreshes the session (mfe-account's form): the creation goes on.
    act(() => setSession(makeUser({ id: 6, account_type: 'pro' })));
    expect(await screen.findByLabelText(/^Title/)).toBeInTheDocument();
  });

  it('never asks a Pro account to subscribe', async () => {
    renderCreation('/miniviews-create');
    expect(await screen.findByLabelText(/^Title/)).toBeInTheDocument();
    expect(useSubscribeDialogStore.getState().open).toBe(false);
  });
});
