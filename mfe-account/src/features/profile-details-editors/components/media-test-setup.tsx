import { useEffect } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Area } from 'react-easy-crop';

// What the two media sections' tests share: the real cropper measures the picture with layout
// jsdom does not do (as in ImageUpload's tests), so this one reports one area.
export const mockArea: Area = { x: 0, y: 0, width: 1000, height: 800 };

export function FakeCropper({
  onCropComplete,
}: {
  onCropComplete: (percent: Area, pixels: Area) => void;
}) {
  useEffect(() => onCropComplete(mockArea, mockArea), [onCropComplete]);
  return <div />;
}

export const fakeCrop = () => Promise.resolve(new Blob(['jpg'], { type: 'image/jpeg' }));

export const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

export async function saveCrop() {
  const button = within(screen.getByRole('dialog', { name: 'Crop image' })).getByRole('button', {
    name: 'Save',
  });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
}

export const uploaded = (uuid: string) => ({
  uploads: [{ uuid, url: `/api/v1/media/${uuid}`, mime_type: 'image/jpeg', size: 3 }],
});
