import { screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import {
  makePublicMiniview,
  makeUser,
  renderWithProviders,
  setSession,
} from '@guestspot/shared-api/testing';
import { useAnswerDraftStore } from '../stores/answer-draft-store';
import { AnswerSuccessPage } from './answer-success-page';

const UUID = makePublicMiniview().uuid;
const OTHER = '00000000-0000-4000-8000-000000000009';
const saved = { uuid: 'bbbbbbbb-0000-4000-8000-000000000001', url: '/m/1', type: 'video' as const };

beforeEach(() => {
  sessionStorage.clear();
  useAnswerDraftStore.setState({
    drafts: {
      [UUID]: { name: 'Lena Fischer', answers: { 11: saved } },
      [OTHER]: { name: 'Lena Fischer', answers: {} },
    },
  });
});

function renderSuccess() {
  return renderWithProviders(<AnswerSuccessPage />, {
    route: `/miniviews/${UUID}/success`,
    path: '/miniviews/:uuid/success',
  });
}

describe('/miniviews/:uuid/success', () => {
  it('thanks a visitor, says what happens next, and offers to sign up', async () => {
    setSession(null);
    const { container } = renderSuccess();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Thank you! Your answers were sent.' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/can now watch and listen to your recordings/)).toBeInTheDocument();
    expect(screen.getByText(/no account is needed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up free' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: "Go to Guestspot's home" })).toHaveAttribute(
      'href',
      '/',
    );
    expect(await axe(container)).toHaveNoViolations();
  });

  it('forgets the answers sent, and only those', () => {
    setSession(null);
    renderSuccess();
    expect(useAnswerDraftStore.getState().drafts).toEqual({
      [OTHER]: { name: 'Lena Fischer', answers: {} },
    });
    expect(sessionStorage.getItem('guestspot:miniview-answers')).not.toContain(UUID);
  });

  it('does not offer a signed-in person to sign up', () => {
    setSession(makeUser());
    renderSuccess();
    expect(screen.queryByRole('link', { name: 'Sign up free' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Go to Guestspot's home" })).toBeInTheDocument();
  });
});
