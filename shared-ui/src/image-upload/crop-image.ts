import type { Area } from 'react-easy-crop';

/** The largest side we send: a profile picture needs no more, and uploads stay small. */
const MAX_SIDE = 2000;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read.'));
    image.src = src;
  });
}

/** Draws the chosen area of the picture onto a canvas and encodes it as a JPEG. */
export async function cropToJpeg(src: string, area: Area): Promise<Blob> {
  const image = await loadImage(src);
  const scale = Math.min(1, MAX_SIDE / Math.max(area.width, area.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(area.width * scale);
  canvas.height = Math.round(area.height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The image could not be cropped.');
  // A transparent PNG/GIF would turn black in a JPEG: paint white first.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(
    image,
    area.x,
    area.y,
    area.width,
    area.height,
    0,
    0,
    canvas.width,
    canvas.height,
  );
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be cropped.'))),
      'image/jpeg',
      0.9,
    );
  });
}
