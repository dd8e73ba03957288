import { errorMessages } from '@guestspot/shared-api';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
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
  confirming = false,
  onConfirm,
  onCancel,
}: Omit<ConfirmDialogProps, 'open'>) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
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
      data-state={busy ? 'confirming' : phase.kind}
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
            disabled={phase.kind === 'counting'}
            // The countdown label must stay readable, not faded like an ordinary disabled button.
            className={phase.kind === 'counting' ? 'gs-confirm-dialog__counting' : undefined}
            onClick={onConfirmClick}
          >
            {busy ? confirmingLabel : (countdownText ?? confirmLabel)}
          </Button>
        </>
      }
    >
      <div className="gs-confirm-dialog__message">{message}</div>
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
