import { Suspense, use } from 'react';
import { useSessionStore, type RemoteWidgetsModule } from '@guestspot/shared-api';
import { SkeletonCard } from '@guestspot/shared-ui';
import { loadRemoteModule } from '../federation/load-remote';
import { RemoteBoundary } from '../federation/remote-boundary';
import type { RemoteName } from '../federation/remotes';

/** Every dashboard card a remote exposes, inside that remote's own boundary. */
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
  const isPro = useSessionStore((state) => state.user?.account_type === 'pro');
  return (
    <>
      {[...widgets]
        .filter((widget) => !widget.proOnly || isPro)
        .sort((a, b) => a.order - b.order)
        .map(({ id, Component }) => (
          <div key={id} className="gs-dashboard__widget" data-widget={id}>
            <Component />
          </div>
        ))}
    </>
  );
}
