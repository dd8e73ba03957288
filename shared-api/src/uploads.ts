import { api } from '@guestspot/shared-api';
import { apiErrorFromBody } from '@guestspot/shared-api';
import type { DataEnvelope, Upload, UploadResponse, User } from './types';

export interface UploadImageOptions {
  /** What the image is for (guest, new-guest, show, user...): the server's video rule reads it. */
  entity?: string;
  /** Default 'cropped.jpg' (the crop is sent as a JPEG). */
  fileName?: string;
}

/** POST /uploads (multipart `image`): stores an image and answers where it is served. */
export async function uploadImage(image: Blob, options: UploadImageOptions = {}): Promise<Upload> {
  const form = new FormData();
  if (options.entity) form.append('entity', options.entity);
  form.append('image', image, options.fileName ?? 'cropped.jpg');
  const body = await api.post('uploads', { body: form }).json<UploadResponse>();
  const [upload] = body.uploads ?? [];
  // The spec's other failure shape: 2xx with `uploads: null` and a message.
  if (!upload) throw apiErrorFromBody(422, { message: body.message ?? '' });
  return upload;
}

/**
 * POST /uploads (multipart `video`, entity guest): a guest profile's video (mp4, ogg, mov, up to
 * 100 MB; any other entity is refused with 'Video only available for Guest profile'). No time
 * limit: a large file on a slow connection takes longer than ky's default 10 s.
 */
export async function uploadVideo(
  video: File,
  entity: 'guest' | 'new-guest' = 'guest',
): Promise<Upload> {
  const form = new FormData();
  form.append('entity', entity);
  form.append('video', video, video.name);
  const body = await api.post('uploads', { body: form, timeout: false }).json<UploadResponse>();
  const [upload] = body.uploads ?? [];
  if (!upload) throw apiErrorFromBody(422, { message: body.message ?? '' });
  return upload;
}

/** DELETE /users/{id}/media/{uuid}: removes the user's image; answers the updated user. */
export async function deleteUserMedia(userId: number, uuid: string): Promise<User> {
  const body = await api.delete(`users/${userId}/media/${uuid}`).json<DataEnvelope<User>>();
  return body.data;
}
