import { errorMessages } from '@guestspot/shared-api';
import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import { Alert } from '../alert/alert';
import { Button } from '../button/button';
import { Modal } from '../modal/modal';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';
import './confirm-dialog.css';

export const CONFIRM_DEFAULTS = {
  title: 'Confirm Action?',
  message: 'Are you sure you want to run this action?',
  confirmLabel: 'Confirm',
  cancelLabel: 'Cancel',
  confirmingLabel: 'Confirming',
  stopLabel: 'Stop',
} as const;

export type ConfirmTone = 'primary' | 'danger';

export type ConfirmDialogProps = {
  open: boolean;
  title?: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Label of the confirm button while the action runs. */
  confirmingLabel?: string;
  /** Label of the button that stops a running countdown. */
  stopLabel?: string;
  /** `danger` paints the confirm button red, for destructive actions. */
  tone?: ConfirmTone;
  /**
   * Seconds to wait after Confirm is pressed before confirming, with a visible countdown that
   * can be stopped. Without it the confirm fires at once.
   */
  delay?: number;
  /**
   * Seconds the confirm button stays disabled once the dialog opens, showing what is left
   * ('Reject (3)'), so that a destructive answer is read before it can be given. Cancel works
   * at once.
   */
  countdown?: number;
  /** The action is running (e.g. a mutation's isPending) when the caller tracks it itself. */
  confirming?: boolean;
  /**
   * Called when the user confirms. If it returns a promise, the dialog shows the confirming
   * state until it settles; if it rejects, the error message is shown and the dialog stays open.
   */
  onConfirm: () => void | Promise<unknown>;
  onCancel: () => void;
};

type Phase = { kind: 'idle' } | { kind: 'counting'; remaining: number } | { kind: 'confirming' };

/**
 * Whole seconds left of `seconds` from the first render, 0 once over. Counted against the clock,
 * not by ticks, so that a throttled background tab does not stretch it.
 */
function useSecondsLeft(seconds: number): number {
  const [deadline] = useState(() => Date.now() + Math.max(0, seconds) * 1000);
  const [left, setLeft] = useState(() => Math.ceil(Math.max(0, seconds)));
  useEffect(() => {
    if (left <= 0) return;
    // Wake up when the next whole second is over.
    const timer = setTimeout(
      () => setLeft(Math.max(0, Math.ceil((deadline - Date.now()) / 1000))),
      deadline - (left - 1) * 1000 - Date.now(),
    );
    return () => clearTimeout(timer);
  }, [deadline, left]);
  return left;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return errorMessages.pleaseTryAgain;
}

export function ConfirmDialog({ open, ...props }: ConfirmDialogProps) {
  // The body mounts with the dialog, so every opening starts idle with no stale countdown.
  return open ? <OpenConfirmDialog {...props} /> : null;
}

function OpenConfirmDialog({
  title = CONFIRM_DEFAULTS.title,
  message = CONFIRM_DEFAULTS.message,
  confirmLabel = CONFIRM_DEFAULTS.confirmLabel,
  cancelLabel = CONFIRM_DEFAULTS.cancelLabel,
  confirmingLabel = CONFIRM_DEFAULTS.confirmingLabel,
  stopLabel = CONFIRM_DEFAULTS.stopLabel,
  tone = 'primary',
  delay = 0,
  countdown = 0,
  confirming = false,
  onConfirm,
  onCancel,
}: Omit<ConfirmDialogProps, 'open'>) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const waitLeft = useSecondsLeft(countdown);
  const messageId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const secondaryRef = useRef<HTMLButtonElement>(null);
  const previousPhase = useRef<Phase['kind']>('idle');
  const busy = confirming || phase.kind === 'confirming';

  const runConfirm = async () => {
    setError(null);
    let result: unknown;
    try {
      result = onConfirm();
    } catch (thrown) {
      setError(errorMessage(thrown));
      setPhase({ kind: 'idle' });
      return;
    }
    if (!isPromiseLike(result)) {
      setPhase({ kind: 'idle' });
      return;
    }
    setPhase({ kind: 'confirming' });
    try {
      await result;
      setPhase({ kind: 'idle' });
    } catch (thrown) {
      setError(errorMessage(thrown));
      setPhase({ kind: 'idle' });
    }
  };

  const confirmFromCountdown = useEffectEvent(() => {
    void runConfirm();
  });

  useEffect(() => {
    if (phase.kind !== 'counting') return;
    const timer = setTimeout(() => {
      if (phase.remaining <= 1) confirmFromCountdown();
      else setPhase({ kind: 'counting', remaining: phase.remaining - 1 });
    }, 1000);
    return () => clearTimeout(timer);
  }, [phase]);

  // The pressed button turns disabled during the countdown: keep focus on a live control.
  useEffect(() => {
    if (phase.kind === 'counting' && previousPhase.current !== 'counting') {
      secondaryRef.current?.focus();
    } else if (phase.kind === 'idle' && previousPhase.current === 'counting') {
      confirmRef.current?.focus();
    }
    previousPhase.current = phase.kind;
  }, [phase.kind]);

  const onConfirmClick = () => {
    if (delay > 0) setPhase({ kind: 'counting', remaining: Math.ceil(delay) });
    else void runConfirm();
  };

  const countdownText =
    phase.kind === 'counting' ? `${confirmingLabel} in ${phase.remaining}…` : null;
  const waiting = waitLeft > 0 && !busy;

  return (
    <Modal
      open
      size="sm"
      title={title}
      onClose={onCancel}
      closeOnEscape={!busy}
      closeOnBackdropClick={!busy}
      hideCloseButton={busy}
      className="gs-confirm-dialog"
      // The message is what the dialog asks: a screen reader reads it with the title on opening.
      aria-describedby={messageId}
      data-state={busy ? 'confirming' : waiting ? 'waiting' : phase.kind}
      footer={
        <>
          {phase.kind === 'counting' ? (
            <Button
              ref={secondaryRef}
              variant="secondary"
              onClick={() => setPhase({ kind: 'idle' })}
            >
              {stopLabel}
            </Button>
          ) : (
            <Button ref={secondaryRef} variant="secondary" disabled={busy} onClick={onCancel}>
              {cancelLabel}
            </Button>
          )}
          <Button
            ref={confirmRef}
            variant={tone === 'danger' ? 'danger' : 'primary'}
            loading={busy}
            disabled={phase.kind === 'counting' || waiting}
            // A running delay's label must stay readable, not faded like a disabled button; the
            // opening countdown's button is unavailable and looks it.
            className={
              phase.kind === 'counting'
                ? 'gs-confirm-dialog__counting'
                : waiting
                  ? 'gs-confirm-dialog__waiting'
                  : undefined
            }
            onClick={onConfirmClick}
          >
            {busy
              ? confirmingLabel
              : (countdownText ?? (waiting ? `${confirmLabel} (${waitLeft})` : confirmLabel))}
          </Button>
        </>
      }
    >
      <div id={messageId} className="gs-confirm-dialog__message">
        {message}
      </div>
      {phase.kind === 'counting' ? (
        <div
          className="gs-confirm-dialog__countdown"
          style={{ animationDuration: `${Math.ceil(delay)}s` }}
          aria-hidden="true"
        />
      ) : null}
      <VisuallyHidden role="status">{countdownText}</VisuallyHidden>
      {error ? (
        <Alert tone="danger" className="gs-confirm-dialog__error">
          {error}
        </Alert>
      ) : null}
    </Modal>
  );
}
