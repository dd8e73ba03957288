import { lazy, Suspense, useEffect, useId, useState, type DragEvent } from 'react';
import type { Area, Point } from 'react-easy-crop';
import { serverMessage, type Upload } from '@guestspot/shared-api';
import { type UploadImageOptions } from '@guestspot/shared-api/uploads';
// The root entry by its name: confirm() must reach the site's one ConfirmHost (decision 079).
import { Alert, Button, confirm, cx, Modal, Spinner, VisuallyHidden } from '@guestspot/shared-ui';
import { cropToJpeg } from './crop-image';
import './image-upload.css';

const Cropper = lazy(() => import('./cropper'));

export const IMAGE_UPLOAD_DEFAULTS = {
  aspect: 1.25,
  minWidth: 400,
  minHeight: 400,
  maxBytes: 20 * 1024 * 1024,
} as const;

export const IMAGE_UPLOAD_MESSAGES = {
  saving: 'Saving...',
  notSaved: 'Image not saved',
  couldNotUpload: 'The image could not be uploaded',
  deleteConfirm: 'Are you sure you want to delete this image?',
  type: 'The image must be a file of type: png, jpg, gif.',
  size: 'The image may not be greater than 20 MB.',
  hint: 'PNG, JPG or GIF, up to 20MB',
} as const;

const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

export type ImageUploadState = 'empty' | 'uploading' | 'uploaded' | 'error';

/** The image as the owner has it saved (or just uploaded): where it is and its upload uuid. */
export interface ImageUploadValue {
  uuid: string | null;
  url: string;
}

export interface ImageUploadProps {
  /** Names the control, e.g. 'Profile image'. */
  label: string;
  value: ImageUploadValue | null;
  /** A new image was uploaded (attach it by its uuid), or the image was removed (null). */
  onChange: (upload: Upload | null) => void;
  /** What the image is for (guest, new-guest, show, user); sent with the upload. */
  entity?: string;
  /**
   * Deletes the saved image on the server (e.g. DELETE /users/{id}/media/{uuid}). Leave it out for
   * an entity that is not saved yet: removing then makes no call.
   */
  onDelete?: (uuid: string) => Promise<unknown>;
  aspect?: number;
  minWidth?: number;
  minHeight?: number;
  maxBytes?: number;
  /** Turns the chosen area into the JPEG sent (a canvas by default). */
  cropImage?: (src: string, area: Area) => Promise<Blob>;
  /**
   * Sends the JPEG. The app passes shared-api's `uploadImage` (POST /uploads), stories a fake:
   * the design system makes no API call of its own.
   */
  upload: (image: Blob, options: UploadImageOptions) => Promise<Upload>;
  className?: string;
}

/**
 * Pick or drop a PNG/JPG/GIF, crop it (aspect 1.25, at least 400×400), and it is uploaded as a
 * JPEG; shows 'Saving...', the picture, or why it failed; the picture can be replaced or deleted.
 */
export function ImageUpload({
  label,
  value,
  onChange,
  entity,
  onDelete,
  aspect = IMAGE_UPLOAD_DEFAULTS.aspect,
  minWidth = IMAGE_UPLOAD_DEFAULTS.minWidth,
  minHeight = IMAGE_UPLOAD_DEFAULTS.minHeight,
  maxBytes = IMAGE_UPLOAD_DEFAULTS.maxBytes,
  cropImage = cropToJpeg,
  upload: send,
  className,
}: ImageUploadProps) {
  const inputId = useId();
  const hintId = useId();
  const [source, setSource] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  // The picked file's object URL lives as long as the crop dialog.
  useEffect(() => {
    if (!source) return undefined;
    return () => URL.revokeObjectURL(source);
  }, [source]);

  const state: ImageUploadState = uploading
    ? 'uploading'
    : error
      ? 'error'
      : value
        ? 'uploaded'
        : 'empty';

  const pick = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!ACCEPTED_TYPES.includes(file.type)) {
      setError(IMAGE_UPLOAD_MESSAGES.type);
      return;
    }
    if (file.size > maxBytes) {
      setError(IMAGE_UPLOAD_MESSAGES.size);
      return;
    }
    setSource(URL.createObjectURL(file));
  };

  const save = async (area: Area) => {
    const src = source;
    if (!src) return;
    setUploading(true);
    setError(null);
    try {
      const blob = await cropImage(src, area);
      setSource(null);
      onChange(await send(blob, { entity }));
    } catch (caught) {
      setSource(null);
      setError(serverMessage(caught, IMAGE_UPLOAD_MESSAGES.notSaved));
    } finally {
      setUploading(false);
    }
  };

  const remove = async () => {
    if (!value) return;
    const confirmed = await confirm({
      message: IMAGE_UPLOAD_MESSAGES.deleteConfirm,
      confirmLabel: 'Delete',
      tone: 'danger',
    });
    if (!confirmed) return;
    setError(null);
    if (onDelete && value.uuid) {
      setDeleting(true);
      try {
        await onDelete(value.uuid);
      } catch (caught) {
        setError(serverMessage(caught, IMAGE_UPLOAD_MESSAGES.notSaved));
        return;
      } finally {
        setDeleting(false);
      }
    }
    onChange(null);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) pick(event.dataTransfer.files[0]);
  };

  const busy = uploading || deleting;
  const chooseLabel = value ? 'Replace image' : 'Choose an image';

  return (
    <div
      className={cx('gs-image-upload', className)}
      data-state={state}
      data-dragging={dragging || undefined}
      role="group"
      aria-labelledby={`${inputId}-label`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <span id={`${inputId}-label`} className="gs-image-upload__label">
        {label}
      </span>
      <div className="gs-image-upload__box" style={{ aspectRatio: String(aspect) }}>
        {value && !uploading ? (
          <img className="gs-image-upload__image" src={value.url} alt={label} />
        ) : uploading ? (
          <p className="gs-image-upload__placeholder" role="status">
            {IMAGE_UPLOAD_MESSAGES.saving}
          </p>
        ) : (
          <p className="gs-image-upload__placeholder">
            {error ? IMAGE_UPLOAD_MESSAGES.couldNotUpload : 'Drop an image here'}
          </p>
        )}
      </div>
      <p id={hintId} className="gs-image-upload__hint">
        {IMAGE_UPLOAD_MESSAGES.hint}
      </p>
      {error ? (
        <Alert tone="danger" className="gs-image-upload__error">
          {error}
        </Alert>
      ) : null}
      <div className="gs-image-upload__actions">
        <input
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/gif"
          className="gs-image-upload__input"
          aria-describedby={hintId}
          disabled={busy}
          onChange={(event) => {
            pick(event.target.files?.[0]);
            // Choosing the same file again must fire onChange again.
            event.target.value = '';
          }}
        />
        {/* The focusable control is the input itself; its label looks like a button. */}
        <label
          htmlFor={inputId}
          className="gs-button gs-image-upload__choose"
          data-variant="secondary"
          data-size="sm"
          data-state={busy ? 'disabled' : 'idle'}
        >
          {chooseLabel}
          <VisuallyHidden>{` for ${label}`}</VisuallyHidden>
        </label>
        {value ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={busy}
            loading={deleting}
            onClick={() => void remove()}
          >
            Delete image
            <VisuallyHidden>{` for ${label}`}</VisuallyHidden>
          </Button>
        ) : null}
      </div>
      {source ? (
        <CropDialog
          src={source}
          aspect={aspect}
          minWidth={minWidth}
          minHeight={minHeight}
          onCancel={() => setSource(null)}
          onSave={(area) => void save(area)}
        />
      ) : null}
    </div>
  );
}

interface CropDialogProps {
  src: string;
  aspect: number;
  minWidth: number;
  minHeight: number;
  onCancel: () => void;
  onSave: (area: Area) => void;
}

function CropDialog({ src, aspect, minWidth, minHeight, onCancel, onSave }: CropDialogProps) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const zoomId = useId();
  const tooSmall = area !== null && (area.width < minWidth || area.height < minHeight);

  return (
    <Modal
      open
      onClose={onCancel}
      title="Crop image"
      description="Drag the picture or use the arrow keys to move it, and zoom to frame it."
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button disabled={!area || tooSmall} onClick={() => area && onSave(area)}>
            Save
          </Button>
        </>
      }
    >
      <div className="gs-image-upload__cropper">
        <Suspense fallback={<Spinner label="Loading the image editor" />}>
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            aspect={aspect}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_percent, pixels) => setArea(pixels)}
          />
        </Suspense>
      </div>
      <label htmlFor={zoomId} className="gs-image-upload__zoom">
        Zoom
        <input
          id={zoomId}
          type="range"
          min={1}
          max={3}
          step={0.05}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
        />
      </label>
      {tooSmall ? (
        <Alert tone="warning">
          {`The cropped image must be at least ${minWidth} × ${minHeight} pixels. Zoom out or choose a larger image.`}
        </Alert>
      ) : null}
    </Modal>
  );
}
