import Cropper, { type CropperProps } from 'react-easy-crop';

type CropAreaProps = Pick<
  CropperProps,
  'image' | 'crop' | 'zoom' | 'aspect' | 'onCropChange' | 'onZoomChange' | 'onCropComplete'
>;

/** react-easy-crop behind its own chunk: pages that never crop an image never download it. */
export default function CropArea(props: CropAreaProps) {
  return <Cropper {...props} />;
}
