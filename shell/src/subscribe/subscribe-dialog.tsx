import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { closeSubscribeDialog, useSubscribeDialogStore } from '@guestspot/shared-ui';

// The host is a chunk of its own: the shell's start-up carries only this trigger (decision 087).
const SubscribeDialogHost = lazy(async () => ({
  default: (await import('./subscribe-dialog-host')).SubscribeDialogHost,
}));

/**
 * Where the layout puts the Subscribe dialog. Nothing of it loads until openSubscribeDialog() is
 * first called; from then on the host stays mounted, so that closing restores focus as any
 * modal does.
 */
export function SubscribeDialog() {
  const open = useSubscribeDialogStore((state) => state.open);
  const [opened, setOpened] = useState(open);
  const { pathname } = useLocation();
  const openedOn = useRef<string | null>(null);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  // The dialog belongs to the page that asked for it: leaving that page closes it.
  useEffect(() => {
    if (!open) openedOn.current = null;
    else if (openedOn.current === null) openedOn.current = pathname;
    else if (openedOn.current !== pathname) closeSubscribeDialog();
  }, [open, pathname]);
  if (!opened && !open) return null;
  return (
    <Suspense fallback={null}>
      <SubscribeDialogHost />
    </Suspense>
  );
}
