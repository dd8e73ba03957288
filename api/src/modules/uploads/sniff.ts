// What a file is, from its first bytes: the browser's Content-Type and the file name are the
// client's say-so, so neither decides what we store and serve.

export type ImageType = { mime: 'image/png' | 'image/jpeg' | 'image/gif'; extension: string };
export type VideoType = {
  mime: 'video/mp4' | 'video/ogg' | 'video/quicktime';
  extension: string;
};

const startsWith = (buffer: Buffer, bytes: number[], offset = 0) =>
  buffer.length >= offset + bytes.length && bytes.every((byte, i) => buffer[offset + i] === byte);

const ascii = (buffer: Buffer, start: number, end: number) =>
  buffer.subarray(start, end).toString('latin1');

export function sniffImage(buffer: Buffer): ImageType | null {
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { mime: 'image/png', extension: 'png' };
  }
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', extension: 'jpg' };
  const gif = ascii(buffer, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return { mime: 'image/gif', extension: 'gif' };
  return null;
}

// ISO base media files (mp4, mov/qt) start with a box: 4 bytes of size, then its type.
const QUICKTIME_BOXES = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

export function sniffVideo(buffer: Buffer): VideoType | null {
  if (ascii(buffer, 0, 4) === 'OggS') return { mime: 'video/ogg', extension: 'ogg' };
  const box = ascii(buffer, 4, 8);
  if (box === 'ftyp') {
    const brand = ascii(buffer, 8, 12);
    return brand === 'qt  '
      ? { mime: 'video/quicktime', extension: 'mov' }
      : { mime: 'video/mp4', extension: 'mp4' };
  }
  if (QUICKTIME_BOXES.has(box)) return { mime: 'video/quicktime', extension: 'mov' };
  return null;
}

export type RecordingKind = 'audio' | 'video';
export type RecordingType = { mime: string; extension: string };

/**
 * A recording the browser made (MediaRecorder): WebM on Chromium and Firefox, MP4 on Safari, Ogg
 * on older Firefox. The container is sniffed; whether it holds audio or video is the form's
 * field (the recorder knows what it recorded), and it is served with that type.
 */
export function sniffRecording(buffer: Buffer, kind: RecordingKind): RecordingType | null {
  if (startsWith(buffer, [0x1a, 0x45, 0xdf, 0xa3]))
    return { mime: `${kind}/webm`, extension: 'webm' };
  if (ascii(buffer, 0, 4) === 'OggS') return { mime: `${kind}/ogg`, extension: 'ogg' };
  if (ascii(buffer, 4, 8) === 'ftyp') {
    return { mime: `${kind}/mp4`, extension: kind === 'audio' ? 'm4a' : 'mp4' };
  }
  return null;
}
