import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import type { MiniviewDetail } from '@guestspot/shared-api';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import {
  ConfirmHost,
  toast,
  ToastHost,
  useConfirmStore,
  useToastStore,
} from '@guestspot/shared-ui';
import { MiniviewDetailPage, type MiniviewTab } from './miniview-detail-page';

setupMswServer();
beforeEach(() => {
  setSession(makeUser({ account_type: 'pro' }));
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
  );
});
afterEach(() => {
  useConfirmStore.setState({ request: null });
  toast.clear();
});

const UUID = '6f1c1b1e-6a53-4b2f-9a44-0c4b8d1e2f30';
const detail: MiniviewDetail = {
  id: 7,
  uuid: UUID,
  title: 'Founder story questions',
  created_at: '2026-11-05T11:00:00Z',
  questions: [
    {
      id: 11,
      body: 'What problem made you start?',
      question_media_url: null,
      question_media_type: null,
    },
    {
      id: 12,
      body: 'What would you tell yourself on day one?',
      question_media_url: '/api/v1/media/aaaaaaaa-0000-4000-8000-000000000001',
      question_media_type: 'audio',
    },
  ],
  answer_groups: [
    {
      id: 21,
      name: 'Lena Fischer',
      created_at: '2026-11-15T12:00:00Z',
      answers: [
        {
          question_id: 11,
          url: '/api/v1/media/bbbbbbbb-0000-4000-8000-000000000001',
          type: 'video',
        },
        {
          question_id: 12,
          url: '/api/v1/media/bbbbbbbb-0000-4000-8000-000000000002',
          type: 'audio',
        },
      ],
    },
  ],
};

function renderDetail(tab: MiniviewTab, route: string) {
  const path =
    tab === 'questions'
      ? '/user-miniviews/:miniviewId'
      : tab === 'answers'
        ? '/user-miniviews/:miniviewId/answers'
        : '/user-miniviews/:miniviewId/answers/:answerGroupId';
  return renderWithProviders(
    <>
      <MiniviewDetailPage tab={tab} />
      <ConfirmHost />
      <ToastHost />
    </>,
    {
      route,
      path,
      routes: [
        { path: '/user-miniviews', element: <h1>Your MINIVIEWs</h1> },
        {
          path: '/user-miniviews/:miniviewId/answers',
          element: <MiniviewDetailPage tab="answers" />,
        },
        {
          path: '/user-miniviews/:miniviewId/answers/:answerGroupId',
          element: <MiniviewDetailPage tab="answer-group" />,
        },
      ],
    },
  );
}

describe('/user-miniviews/:miniviewId', () => {
  it('shows the details with the shareable link, and the questions with their recordings', async () => {
    server.use(http.get('*/api/v1/miniviews/7', () => HttpResponse.json({ data: detail })));
    const { container } = renderDetail('questions', '/user-miniviews/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Founder story questions' }),
    ).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('November 5, 2026')).toBeInTheDocument();
    expect(within(details).getByLabelText('Shareable link')).toHaveValue(
      `${window.location.origin}/miniviews/${UUID}`,
    );
    expect(screen.getByRole('link', { name: 'Questions' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Answers (1)' })).toHaveAttribute(
      'href',
      '/user-miniviews/7/answers',
    );
    expect(screen.getByText('What problem made you start?')).toBeInTheDocument();
    expect(screen.getByLabelText('Question 2 recording')).toHaveAttribute(
      'src',
      '/api/v1/media/aaaaaaaa-0000-4000-8000-000000000001',
    );
    // jsdom loads no media: axe would wait 10 s for it (its autoplay rule's preload).
    expect(await axe(container, { preload: false })).toHaveNoViolations();
  });

  it('copies the link, and shows it when the clipboard refuses', async () => {
    server.use(http.get('*/api/v1/miniviews/7', () => HttpResponse.json({ data: detail })));
    const user = userEvent.setup();
    renderDetail('questions', '/user-miniviews/7');
    const write = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(await screen.findByRole('button', { name: 'Copy to clipboard' }));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(write).toHaveBeenCalledWith(`${window.location.origin}/miniviews/${UUID}`);

    write.mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copied!' }));
    expect(
      screen.getByText(
        `Failed to copy. Shareable link is: ${window.location.origin}/miniviews/${UUID}`,
      ),
    ).toBeInTheDocument();
  });

  it('lists who answered and plays one person’s answers', async () => {
    server.use(http.get('*/api/v1/miniviews/7', () => HttpResponse.json({ data: detail })));
    const user = userEvent.setup();
    renderDetail('answers', '/user-miniviews/7/answers');
    await user.click(await screen.findByRole('link', { name: 'Lena Fischer' }));
    expect(await screen.findByRole('heading', { name: 'Lena Fischer' })).toBeInTheDocument();
    const video = screen.getByLabelText('Answer 1');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/api/v1/media/bbbbbbbb-0000-4000-8000-000000000001');
    expect(screen.getByLabelText('Answer 2').tagName).toBe('AUDIO');
    expect(screen.getAllByRole('link', { name: 'Download' })[0]).toHaveAttribute(
      'href',
      '/api/v1/download/media/bbbbbbbb-0000-4000-8000-000000000001',
    );
  });

  it('says so when nobody has answered yet', async () => {
    server.use(
      http.get('*/api/v1/miniviews/7', () =>
        HttpResponse.json({ data: { ...detail, answer_groups: [] } }),
      ),
    );
    renderDetail('answers', '/user-miniviews/7/answers');
    expect(await screen.findByText('No answers yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Answers (0)' })).toBeInTheDocument();
  });

  it('deletes after the confirmation and goes back to the list', async () => {
    let deleted: string | null = null;
    server.use(
      http.get('*/api/v1/miniviews/7', () => HttpResponse.json({ data: detail })),
      http.delete('*/api/v1/miniviews/:uuid', ({ params }) => {
        deleted = String(params.uuid);
        return HttpResponse.json({ success: true });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderDetail('questions', '/user-miniviews/7');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this MINIVIEW™?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-miniviews'));
    expect(deleted).toBe(UUID);
    expect(useToastStore.getState().toasts.map((item) => item.message)).toEqual([
      'The MINIVIEW™ was deleted.',
    ]);
  });

  it('keeps the MINIVIEW when the confirmation is cancelled', async () => {
    let deletes = 0;
    server.use(
      http.get('*/api/v1/miniviews/7', () => HttpResponse.json({ data: detail })),
      http.delete('*/api/v1/miniviews/:uuid', () => {
        deletes += 1;
        return HttpResponse.json({ success: true });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderDetail('questions', '/user-miniviews/7');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this MINIVIEW™?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/user-miniviews/7');
    expect(deletes).toBe(0);
  });

  it('says a MINIVIEW that is not there was not found', async () => {
    server.use(
      http.get('*/api/v1/miniviews/8', () =>
        HttpResponse.json({ message: 'Not found.' }, { status: 404 }),
      ),
    );
    renderDetail('questions', '/user-miniviews/8');
    expect(await screen.findByText('This MINIVIEW™ was not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your MINIVIEWs' })).toHaveAttribute(
      'href',
      '/user-miniviews',
    );
  });
});
