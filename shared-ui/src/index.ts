// The package's one entry: Module Federation shares @guestspot/shared-ui by this module, so
// remotes import everything from here. The global CSS is pulled in once, here.
import './tokens/tokens.css';
import './tokens/base.css';

export { breakpoints, media, tokens, tokenValues, type Tokens } from './tokens/tokens';
export { messages, type MessageKey } from './messages/messages';
export { formatMoney, type MoneyPrecision } from './money/format-money';
export { abbreviateNumber } from './format/abbreviate-number';
export { formatDate, MONTHS, type DateStyle } from './date/format-date';
export { cx } from './lib/cx';
export { composeRefs } from './lib/compose-refs';
export { useMediaQuery } from './lib/use-media-query';

export { VisuallyHidden, type VisuallyHiddenProps } from './visually-hidden/visually-hidden';
export {
  IconAlertCircle,
  IconAlertTriangle,
  IconCheck,
  IconCheckCircle,
  IconChevronDown,
  IconChevronLeft,
  IconChevronRight,
  IconCloudOff,
  IconInbox,
  IconInfo,
  IconRefresh,
  IconSearch,
  IconX,
  type IconProps,
} from './icons/icons';

export {
  Button,
  ButtonLink,
  type ButtonLinkProps,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from './button/button';
export { Spinner, type SpinnerProps, type SpinnerSize } from './spinner/spinner';

export { Field, type FieldControlProps, type FieldLayout, type FieldProps } from './field/field';
export { TextField, type TextFieldProps, type TextFieldSize } from './text-field/text-field';
export { PhoneField, type PhoneFieldProps } from './phone-field/phone-field';
export { PHONE_MASK, PHONE_PATTERN, formatPhone } from './phone-field/format-phone';
export { Checkbox, type CheckboxProps } from './checkbox/checkbox';
export { Select, type SelectOption, type SelectProps } from './select/select';

export { Modal, type ModalProps, type ModalSize } from './modal/modal';
export { CopyLink, type CopyLinkProps } from './copy-link/copy-link';
export {
  CONFIRM_DEFAULTS,
  ConfirmDialog,
  type ConfirmDialogProps,
  type ConfirmTone,
} from './confirm-dialog/confirm-dialog';
export {
  ConfirmHost,
  confirm,
  useConfirmStore,
  type ConfirmOptions,
} from './confirm-dialog/confirm-host';
export {
  PRO_FEATURE_DEFAULTS,
  PRO_SUBSCRIPTION_PATH,
  ProFeatureDialog,
  type ProFeatureDialogProps,
} from './pro-feature-dialog/pro-feature-dialog';
export {
  TOAST_DURATION_MS,
  ToastHost,
  toast,
  useToastStore,
  type ToastItem,
  type ToastOptions,
  type ToastTone,
} from './toast/toast';

export {
  Skeleton,
  SkeletonCard,
  SkeletonGroup,
  type SkeletonCardProps,
  type SkeletonGroupProps,
  type SkeletonProps,
  type SkeletonVariant,
} from './skeleton/skeleton';
export { Avatar, type AvatarProps, type AvatarShape } from './avatar/avatar';
export {
  IDENTICON_DEFAULT_SIZE,
  identiconCells,
  identiconDataUri,
  identiconSvg,
} from './avatar/identicon';
export { EmptyState, type EmptyStateProps } from './empty-state/empty-state';
export { ERROR_STATE_DEFAULTS, ErrorState, type ErrorStateProps } from './error-state/error-state';
export { Alert, type AlertProps, type AlertTone } from './alert/alert';
export {
  Pagination,
  paginationRange,
  type PageItem,
  type PaginationProps,
} from './pagination/pagination';
export { Card, type CardPadding, type CardProps, type CardVariant } from './card/card';
export { Badge, type BadgeProps, type BadgeTone } from './badge/badge';

// App-level glue other packages share (session guard, login modal, page loading).
export {
  AccessGuard,
  adoptPrerenderedPage,
  LOGGED_IN_EVENT,
  lazyPage,
  type LazyPage,
  PageBoundary,
  PageLoading,
  PRERENDERED_CLASS,
  retryFailedPages,
  closeProFeatureDialog,
  openLoginModal,
  openProFeatureDialog,
  ProFeatureDialogHost,
  useLoginModalStore,
  useProFeatureDialogStore,
  closeSubscribeDialog,
  openSubscribeDialog,
  useSubscribeDialogStore,
} from './app';

// Apart from this entry, each shared as a module of its own so that the pages that do not use
// them skip them (decision 079): @guestspot/shared-ui/card-field, @guestspot/shared-ui/image-upload,
// and @guestspot/shared-ui/standalone (a remote's page alone on its own origin).
