// @guestspot/shared-ui/image-upload: the picture picker with its cropper. Apart from the root, and
// shared as a module of its own, so that only the pages that upload a picture load it
// (decision 079).
export {
  IMAGE_UPLOAD_DEFAULTS,
  IMAGE_UPLOAD_MESSAGES,
  ImageUpload,
  type ImageUploadProps,
  type ImageUploadState,
  type ImageUploadValue,
} from './image-upload';
