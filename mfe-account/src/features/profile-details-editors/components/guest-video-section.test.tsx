import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { GuestProfile } from '@guestspot/shared-api';
import { makeGuest, server } from '@guestspot/shared-api/testing';
import { GuestVideoSection } from './guest-video-section';
import { renderEditor, setupEditorTest } from './editor-test-setup';

setupEditorTest();

const UUID = '5d2f6a1e-3b7c-4e8a-9f10-2a3b4c5d6e7f';
const URL = `/api/v1/media/${UUID}`;
let saved: GuestProfile;
let uploadedFields: string[];
let puts: unknown[];
let deleted: string[];

const mp4 = () => new File([new Uint8Array([0, 0, 0, 0x18])], 'intro.mp4', { type: 'video/mp4' });

beforeEach(() => {
  saved = makeGuest({ id: 7, name: 'Priya Patel', videoUuid: null, videoUrl: null });
  uploadedFields = [];
  puts = [];
  deleted = [];
  server.use(
    http.get('*/api/v1/guests/7', () => HttpResponse.json({ data: saved })),
    http.post('*/api/v1/uploads', async ({ request }) => {
      const form = await request.formData();
      uploadedFields = [...form.keys()];
      return HttpResponse.json(
        { uploads: [{ uuid: UUID, url: URL, mime_type: 'video/mp4', size: 4 }] },
        { status: 201 },
      );
    }),
    http.put('*/api/v1/guests/7', async ({ request }) => {
      const body = (await request.json()) as { video_uuid: string };
      puts.push(body);
      saved = { ...saved, videoUuid: body.video_uuid, videoUrl: URL };
      return HttpResponse.json({ data: saved });
    }),
    http.delete('*/api/v1/guests/7/media/:uuid', ({ params }) => {
      deleted.push(String(params.uuid));
      saved = { ...saved, videoUuid: null, videoUrl: null };
      return HttpResponse.json({ data: saved });
    }),
  );
});

const renderSection = () => renderEditor(<GuestVideoSection profileId={7} />, '/details/guest');

describe('Guest video', () => {
  it('uploads a video, attaches it, then deletes it after the confirmation', async () => {
    const { container } = renderSection();
    const chooser = await screen.findByLabelText('Upload video');
    expect(chooser).toHaveAttribute('accept', 'video/mp4,video/ogg,video/quicktime');
    expect(screen.getByText('No video yet.')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.upload(chooser, mp4());
    const player = await screen.findByLabelText('Video of Priya Patel');
    expect(player).toHaveAttribute('src', URL);
    expect(player).toHaveAttribute('controls');
    expect(uploadedFields).toEqual(['entity', 'video']);
    expect(puts).toEqual([{ video_uuid: UUID }]);
    expect(screen.getByText('Video saved.')).toBeInTheDocument();
    expect(screen.getByLabelText('Replace video')).toBeEnabled();
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.click(screen.getByRole('button', { name: 'Delete video' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this video?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No video yet.')).toBeInTheDocument();
    expect(deleted).toEqual([UUID]);
    expect(screen.getByText('Video deleted.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Video of Priya Patel')).not.toBeInTheDocument();
  });

  it("shows 'Saving...' and disables the controls while the upload runs", async () => {
    saved = { ...saved, videoUuid: UUID, videoUrl: URL };
    let finish: () => void = () => undefined;
    server.use(
      http.post('*/api/v1/uploads', async () => {
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        return HttpResponse.json(
          { uploads: [{ uuid: UUID, url: URL, mime_type: 'video/mp4', size: 4 }] },
          { status: 201 },
        );
      }),
    );
    renderSection();
    await userEvent.upload(await screen.findByLabelText('Replace video'), mp4());
    expect(await screen.findByText('Saving...')).toHaveAttribute('role', 'status');
    expect(screen.getByLabelText('Replace video')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete video' })).toBeDisabled();
    act(() => finish());
    expect(await screen.findByLabelText('Video of Priya Patel')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete video' })).toBeEnabled();
  });

  it("toasts the server's message when the upload is refused, and attaches nothing", async () => {
    server.use(
      http.post('*/api/v1/uploads', () =>
        HttpResponse.json(
          {
            uploads: null,
            message: 'The video must be a file of type: mp4, ogg, mov, qt.',
            errors: { video: ['The video must be a file of type: mp4, ogg, mov, qt.'] },
          },
          { status: 422 },
        ),
      ),
    );
    renderSection();
    await userEvent.upload(await screen.findByLabelText('Upload video'), mp4());
    expect(
      await screen.findByText('The video must be a file of type: mp4, ogg, mov, qt.'),
    ).toBeInTheDocument();
    expect(puts).toEqual([]);
    expect(screen.getByText('No video yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Upload video')).toBeEnabled();
  });

  it('keeps the video when the delete is not confirmed', async () => {
    saved = { ...saved, videoUuid: UUID, videoUrl: URL };
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete video' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Video of Priya Patel')).toBeInTheDocument();
    expect(deleted).toEqual([]);
  });
});
