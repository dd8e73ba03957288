import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import {
  makePublicMiniview,
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { useAnswerDraftStore } from '../stores/answer-draft-store';
import { AnswerNamePage } from './answer-name-page';

setupMswServer();
const miniview = makePublicMiniview();
const UUID = miniview.uuid;

beforeEach(() => {
  setSession(null);
  sessionStorage.clear();
  useAnswerDraftStore.setState({ drafts: {} });
});

function renderNamePage(route = `/miniviews/${UUID}`) {
  return renderWithProviders(<AnswerNamePage />, {
    route,
    path: '/miniviews/:uuid',
    routes: [
      { path: '/miniviews/:uuid/questions', element: <h1>The questions</h1> },
      { path: '/', element: <h1>Guestspot home</h1> },
    ],
  });
}

describe('/miniviews/:uuid', () => {
  it("shows the MINIVIEW's title and asks for a name before Start", async () => {
    server.use(
      http.get(`*/api/v1/miniviews/public/${UUID}`, () => HttpResponse.json({ data: miniview })),
    );
    const { container } = renderNamePage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Founder story questions' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/You have been asked 2 questions/)).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    const name = screen.getByRole('textbox', { name: /Your name/ });
    expect(await screen.findByRole('alert')).toHaveTextContent('Name is required');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Name is required'));
    expect(screen.queryByRole('heading', { name: 'The questions' })).not.toBeInTheDocument();

    await userEvent.click(name);
    await userEvent.paste('x'.repeat(256));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The Name cannot exceed 255 characters',
    );

    await userEvent.clear(name);
    await userEvent.type(name, '  Lena Fischer ');
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('heading', { name: 'The questions' })).toBeInTheDocument();
    expect(useAnswerDraftStore.getState().drafts[UUID]).toEqual({
      name: 'Lena Fischer',
      answers: {},
    });
  });

  it('offers the name given before, keeping the answers already recorded', async () => {
    const answer = { uuid: 'bbbbbbbb-0000-4000-8000-000000000001', url: '/m/1', type: 'video' };
    useAnswerDraftStore.setState({
      drafts: { [UUID]: { name: 'Lena', answers: { 11: answer as never } } },
    });
    server.use(
      http.get(`*/api/v1/miniviews/public/${UUID}`, () => HttpResponse.json({ data: miniview })),
    );
    renderNamePage();
    const name = await screen.findByRole('textbox', { name: /Your name/ });
    expect(name).toHaveValue('Lena');
    await userEvent.type(name, ' Fischer');
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    await screen.findByRole('heading', { name: 'The questions' });
    expect(useAnswerDraftStore.getState().drafts[UUID]).toEqual({
      name: 'Lena Fischer',
      answers: { 11: answer },
    });
  });

  it('offers a signed-in person their own name', async () => {
    setSession(makeUser({ first_name: 'Ada', last_name: 'Lovelace' }));
    server.use(
      http.get(`*/api/v1/miniviews/public/${UUID}`, () => HttpResponse.json({ data: miniview })),
    );
    renderNamePage();
    expect(await screen.findByRole('textbox', { name: /Your name/ })).toHaveValue('Ada Lovelace');
  });

  it('says the MINIVIEW was not found for an unknown link, with a way home', async () => {
    server.use(
      http.get(`*/api/v1/miniviews/public/${UUID}`, () =>
        HttpResponse.json({ message: 'Not found.' }, { status: 404 }),
      ),
    );
    const { container } = renderNamePage();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This MINIVIEW™ was not found or is no longer available.',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Your name/ })).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
    await userEvent.click(screen.getByRole('link', { name: "Go to Guestspot's home" }));
    expect(await screen.findByRole('heading', { name: 'Guestspot home' })).toBeInTheDocument();
  });

  it('does not ask the server about a link that is no uuid', async () => {
    // No handler: a request would fail the test (MSW's onUnhandledRequest).
    renderNamePage('/miniviews/not-a-link');
    expect(
      await screen.findByRole('heading', {
        name: 'This MINIVIEW™ was not found or is no longer available.',
      }),
    ).toBeInTheDocument();
  });

  it('offers Retry when the MINIVIEW could not be loaded', async () => {
    let calls = 0;
    server.use(
      http.get(`*/api/v1/miniviews/public/${UUID}`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : HttpResponse.json({ data: miniview });
      }),
    );
    renderNamePage();
    expect(
      await screen.findByRole('heading', { name: 'The MINIVIEW could not be loaded.' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Founder story questions' }),
    ).toBeInTheDocument();
  });
});
