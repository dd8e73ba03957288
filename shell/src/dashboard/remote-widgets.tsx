import { Suspense, use, useCallback } from 'react';
import { useSessionStore, type RemoteWidgetsModule } from '@guestspot/shared-api';
import { SkeletonCard } from '@guestspot/shared-ui';
import { loadRemoteModule } from '../federation/load-remote';
import { RemoteBoundary } from '../federation/remote-boundary';
import type { RemoteName } from '../federation/remotes';
import { useOwnerOf } from '../layout/nav-links';

/**
 * Every dashboard card a remote exposes, inside that remote's own boundary (the remote down:
 * one message for its cards), and each card inside its own (a card failing: the others stay,
 * decision 118).
 */
export function RemoteWidgets({ remote }: { remote: RemoteName }) {
  return (
    <RemoteBoundary remote={remote} variant="widget">
      <Suspense fallback={<SkeletonCard />}>
        <Widgets remote={remote} />
      </Suspense>
    </RemoteBoundary>
  );
}

function Widgets({ remote }: { remote: RemoteName }) {
  const { widgets } = use(loadRemoteModule<RemoteWidgetsModule>(remote, 'widgets'));
  const accountType = useSessionStore((state) => state.user?.account_type);
  const ownerOf = useOwnerOf();
  const isPublished = useCallback(
    (path: string) => ownerOf(path.split(/[?#]/)[0] ?? path) !== null,
    [ownerOf],
  );
  return (
    <>
      {[...widgets]
        .filter((widget) => !widget.proOnly || accountType === 'pro')
        .filter((widget) => !widget.standardOnly || accountType === 'standard')
        .sort((a, b) => a.order - b.order)
        .map(({ id, title, Component }) => (
          <div key={id} className="gs-dashboard__widget" data-widget={id}>
            <RemoteBoundary remote={remote} variant="widget" label={title}>
              <Suspense fallback={<SkeletonCard />}>
                <Component isPublished={isPublished} />
              </Suspense>
            </RemoteBoundary>
          </div>
        ))}
    </>
  );
}
