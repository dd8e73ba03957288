import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { create } from 'zustand';
import { IconAlertCircle, IconCheckCircle, IconInfo, IconX } from '../icons/icons';
import { cx } from '../lib/cx';
import './toast.css';

/** How long a toast stays on screen (spec). */
export const TOAST_DURATION_MS = 10_000;
const MAX_TOASTS = 5;

export type ToastTone = 'success' | 'error' | 'info';

export type ToastItem = {
  id: number;
  tone: ToastTone;
  message: string;
  duration: number;
};

export type ToastOptions = {
  /** Milliseconds; defaults to TOAST_DURATION_MS. */
  duration?: number;
};

type ToastState = {
  toasts: ToastItem[];
};

// Lives in shared-ui, a Module Federation singleton: host and remotes share this one store.
export const useToastStore = create<ToastState>(() => ({ toasts: [] }));

let nextId = 0;

function show(tone: ToastTone, message: string, options: ToastOptions = {}): number {
  nextId += 1;
  const item: ToastItem = {
    id: nextId,
    tone,
    message,
    duration: options.duration ?? TOAST_DURATION_MS,
  };
  useToastStore.setState((state) => ({ toasts: [...state.toasts, item].slice(-MAX_TOASTS) }));
  return item.id;
}

function dismiss(id: number) {
  useToastStore.setState((state) => ({ toasts: state.toasts.filter((item) => item.id !== id) }));
}

/** Shows a toast in the app's <ToastHost />; each returns the toast's id. */
export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  dismiss,
  clear: () => useToastStore.setState({ toasts: [] }),
};

const toneIcons = {
  success: IconCheckCircle,
  error: IconAlertCircle,
  info: IconInfo,
} as const;

export type ToastCardProps = Omit<ComponentProps<'div'>, 'children'> & {
  tone: ToastTone;
  message: string;
  onDismiss: () => void;
};

/** The look of one toast; ToastHost adds timing. Exported for stories, not the barrel. */
export function ToastCard({ tone, message, onDismiss, className, ...props }: ToastCardProps) {
  const Icon = toneIcons[tone];
  return (
    <div {...props} className={cx('gs-toast', className)} data-tone={tone}>
      <span className="gs-toast__icon" aria-hidden="true">
        <Icon />
      </span>
      <p className="gs-toast__message">{message}</p>
      <button
        type="button"
        className="gs-toast__dismiss"
        aria-label="Dismiss notification"
        onClick={onDismiss}
      >
        <IconX />
      </button>
    </div>
  );
}

function TimedToast({ item }: { item: ToastItem }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(item.duration);

  // Pausing while hovered or focused lets people finish reading (WCAG 2.2.1).
  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismiss(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, item.id]);

  return (
    <ToastCard
      tone={item.tone}
      message={item.message}
      onDismiss={() => dismiss(item.id)}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    />
  );
}

/**
 * Renders toasts top-right. The shell renders exactly one. Errors go to an assertive live region
 * (role="alert"), success and info to a polite one (role="status"); both regions are always in
 * the DOM so screen readers pick up what is added to them.
 */
export function ToastHost() {
  const toasts = useToastStore((state) => state.toasts);
  const errors = toasts.filter((item) => item.tone === 'error');
  const others = toasts.filter((item) => item.tone !== 'error');
  return (
    <section className="gs-toast-host" aria-label="Notifications">
      <div role="alert" className="gs-toast-host__region">
        {errors.map((item) => (
          <TimedToast key={item.id} item={item} />
        ))}
      </div>
      <div role="status" className="gs-toast-host__region">
        {others.map((item) => (
          <TimedToast key={item.id} item={item} />
        ))}
      </div>
    </section>
  );
}
