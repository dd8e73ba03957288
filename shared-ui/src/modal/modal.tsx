import {
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { IconX } from '../icons/icons';
import { composeRefs } from '../lib/compose-refs';
import { cx } from '../lib/cx';
import './modal.css';

export type ModalSize = 'sm' | 'md' | 'lg';

export type ModalProps = Omit<ComponentProps<'div'>, 'title'> & {
  open: boolean;
  /** Called on Escape, on the close button and (unless disabled) on a backdrop click. */
  onClose: () => void;
  /** Names the dialog (aria-labelledby). */
  title: ReactNode;
  /** Describes the dialog (aria-describedby). */
  description?: ReactNode;
  /** Action row at the bottom, e.g. Cancel / Save buttons. */
  footer?: ReactNode;
  size?: ModalSize;
  closeOnBackdropClick?: boolean;
  closeOnEscape?: boolean;
  hideCloseButton?: boolean;
  /** Element to focus on open; defaults to the first focusable element of body or footer. */
  initialFocusRef?: RefObject<HTMLElement | null>;
};

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[inert], [aria-hidden="true"]'),
  );
}

/**
 * An open modal and its page: the children body had when it opened, but its own portal. What is
 * added to body later (a popover or a picker the dialog opens in a portal of its own) is the
 * dialog's, not the page's.
 */
type OpenLayer = { page: Set<Element> };

// Open modals, innermost last: only the top one reacts to Escape, Tab and stray focus, and its
// page (the site, and any dialog under it) is inert.
const openModals: OpenLayer[] = [];

// Live regions outside every dialog (the toasts) stay live while a dialog is open: a toast shown
// by a dialog's action must still be heard, and its dismiss button reachable.
const LIVE_REGION = '[aria-live], [role="alert"], [role="status"], [role="log"]';

/**
 * The page under a dialog, less the live regions outside dialogs: its children of body, or, for
 * an ancestor of a kept live region, that ancestor's other children.
 */
function pageUnder({ page }: OpenLayer): Element[] {
  const live = Array.from(document.body.querySelectorAll(LIVE_REGION)).filter(
    (region) => !region.closest('.gs-modal-backdrop'),
  );
  const outside: Element[] = [];
  const walk = (children: Element[]) => {
    for (const child of children) {
      if (live.includes(child)) continue;
      if (live.some((region) => child.contains(region))) walk(Array.from(child.children));
      else outside.push(child);
    }
  };
  walk(Array.from(document.body.children).filter((child) => page.has(child)));
  return outside;
}

// What the modals made inert (and only that is theirs to make live again).
const madeInert = new Set<Element>();

/**
 * Makes everything outside the top dialog inert (no focus, no pointer, hidden from screen
 * readers), the page and any lower dialog alike: aria-modal alone stops neither a pointer nor
 * every screen reader's virtual cursor. Worked out again from the top dialog whenever the stack
 * changes, so that dialogs opened together or closed out of order leave the right one live.
 */
function syncInert() {
  const top = openModals[openModals.length - 1];
  const wanted = new Set(top ? pageUnder(top) : []);
  for (const element of madeInert) {
    if (wanted.has(element)) continue;
    element.removeAttribute('inert');
    madeInert.delete(element);
  }
  for (const element of wanted) {
    // An element inert by its own page (a server-rendered page waiting for its code) is not ours.
    if (madeInert.has(element) || element.hasAttribute('inert')) continue;
    element.setAttribute('inert', '');
    madeInert.add(element);
  }
}

let scrollLocks = 0;
let savedBodyOverflow = '';
let savedBodyPaddingRight = '';

function lockBodyScroll() {
  scrollLocks += 1;
  if (scrollLocks > 1) return;
  const { body, documentElement } = document;
  savedBodyOverflow = body.style.overflow;
  savedBodyPaddingRight = body.style.paddingRight;
  // Keep the page from shifting sideways when its scrollbar disappears.
  const scrollbarWidth = window.innerWidth - documentElement.clientWidth;
  if (scrollbarWidth > 0) body.style.paddingRight = `${scrollbarWidth}px`;
  body.style.overflow = 'hidden';
}

function unlockBodyScroll() {
  scrollLocks -= 1;
  if (scrollLocks > 0) return;
  document.body.style.overflow = savedBodyOverflow;
  document.body.style.paddingRight = savedBodyPaddingRight;
}

/**
 * The one dialog: rendered in a portal, focus moved in, trapped and restored to the opener on
 * close, Escape and backdrop click close it, the page behind is inert and does not scroll.
 * Dialogs stack (a confirm opened from inside a dialog): only the top one reacts, the ones under
 * it are inert until it closes, and focus goes back to its opener inside the dialog below.
 */
export function Modal({ open, ...props }: ModalProps) {
  if (!open) return null;
  return createPortal(<OpenModal {...props} />, document.body);
}

function OpenModal({
  onClose,
  title,
  description,
  footer,
  size = 'md',
  closeOnBackdropClick = true,
  closeOnEscape = true,
  hideCloseButton = false,
  initialFocusRef,
  className,
  children,
  ref,
  ...props
}: Omit<ModalProps, 'open'>) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  const onEscape = useEffectEvent((event: KeyboardEvent) => {
    if (!closeOnEscape) return;
    event.stopPropagation();
    onClose();
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const layer = dialog.closest('body > *');
    const token: OpenLayer = {
      page: new Set(Array.from(document.body.children).filter((child) => child !== layer)),
    };
    openModals.push(token);
    lockBodyScroll();
    syncInert();

    const isTop = () => openModals[openModals.length - 1] === token;
    const initial =
      initialFocusRef?.current ??
      focusableIn(dialog).find((element) => !element.hasAttribute('data-modal-close')) ??
      focusableIn(dialog)[0] ??
      dialog;
    initial.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop()) return;
      if (event.key === 'Escape') {
        onEscape(event);
      } else if (event.key === 'Tab') {
        const items = focusableIn(dialog);
        const first = items[0];
        const last = items[items.length - 1];
        const active = document.activeElement;
        if (!first || !last) {
          event.preventDefault();
          dialog.focus();
        } else if (event.shiftKey && (active === first || active === dialog)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && active === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    // Focus that escapes anyway (a click outside, a script) is pulled back in.
    const onFocusIn = (event: FocusEvent) => {
      if (isTop() && event.target instanceof Node && !dialog.contains(event.target)) {
        (focusableIn(dialog)[0] ?? dialog).focus();
      }
    };

    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      openModals.splice(openModals.indexOf(token), 1);
      // Live again before focus goes back: an inert opener cannot take focus.
      syncInert();
      unlockBodyScroll();
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocusRef]);

  const onBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  };
  // Only a press that starts and ends on the backdrop closes: selecting text inside the dialog
  // and releasing outside must not.
  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (
      closeOnBackdropClick &&
      pressStartedOnBackdrop.current &&
      event.target === event.currentTarget
    ) {
      onClose();
    }
    pressStartedOnBackdrop.current = false;
  };

  return (
    <div
      className="gs-modal-backdrop"
      data-state="open"
      data-testid="modal-backdrop"
      role="presentation"
      onMouseDown={onBackdropMouseDown}
      onClick={onBackdropClick}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        data-state="open"
        {...props}
        ref={composeRefs(dialogRef, ref)}
        className={cx('gs-modal', className)}
        data-size={size}
      >
        <header className="gs-modal__header">
          <h2 id={titleId} className="gs-modal__title">
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className="gs-modal__description">
              {description}
            </p>
          ) : null}
        </header>
        {children ? <div className="gs-modal__body">{children}</div> : null}
        {footer ? <footer className="gs-modal__footer">{footer}</footer> : null}
        {hideCloseButton ? null : (
          <button
            type="button"
            className="gs-modal__close"
            aria-label="Close"
            data-modal-close=""
            onClick={onClose}
          >
            <IconX />
          </button>
        )}
      </div>
    </div>
  );
}
