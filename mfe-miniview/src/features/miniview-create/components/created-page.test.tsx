import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { setupMswServer } from '@guestspot/shared-api/testing';
import { useMiniviewDraftStore } from '../stores/miniview-draft-store';
import { pro, renderCreation, resetCreation } from './test-support';

setupMswServer();
beforeEach(resetCreation);

const UUID = '6f1c1b1e-6a53-4b2f-9a44-0c4b8d1e2f30';
const url = `${window.location.origin}/miniviews/${UUID}`;

describe('/miniviews-create/success', () => {
  it('shows the new MINIVIEW’s link and copies it', async () => {
    useMiniviewDraftStore.setState({
      created: { [pro.id]: { id: 42, uuid: UUID, title: 'Founder stories' } },
    });
    const user = userEvent.setup();
    const { container } = renderCreation('/miniviews-create/success');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your MINIVIEW™ is ready' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Shareable link')).toHaveValue(url);
    expect(screen.getByRole('link', { name: 'View the MINIVIEW™' })).toHaveAttribute(
      'href',
      '/user-miniviews/42',
    );
    expect(await axe(container)).toHaveNoViolations();

    const write = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    expect(write).toHaveBeenCalledWith(url);
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();

    write.mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copied!' }));
    expect(screen.getByText(`Failed to copy. Shareable link is: ${url}`)).toBeInTheDocument();
  });

  it('sends a visit with nothing created to step 1', async () => {
    const { router } = renderCreation('/miniviews-create/success');
    await waitFor(() => expect(router.state.location.pathname).toBe('/miniviews-create'));
  });
});
