import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState, retryFailedPages } from '@guestspot/shared-ui';
import { RemoteUnavailableError, retryRemote } from './load-remote';
import { remoteLabels, type RemoteName } from './remotes';

interface Props {
  remote: RemoteName;
  /**
   * 'page' for a whole route area, 'widget' for a dashboard card, 'slot' for an extra of the
   * layout (the MINIVIEW banner) that simply stays away when it cannot be shown.
   */
  variant?: 'page' | 'widget' | 'slot';
  /**
   * Names the area instead of the remote (one dashboard card of it: 'Balance card is
   * unavailable right now.'); its Retry shows the card again without reloading the remote,
   * unless a chunk went missing.
   */
  label?: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  attempt: number;
  /** A vanished chunk is retried once by itself before the user is asked to reload. */
  chunkRetried: boolean;
}

/**
 * A chunk of a remote that vanished after a redeploy (webpack's ChunkLoadError), thrown as is or
 * as the cause of a failed remote load.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed/i.test(error.message)
  ) {
    return true;
  }
  return error.cause !== undefined && isChunkLoadError(error.cause);
}

/**
 * Around every remote area: when the remote is down, that area says so and offers Retry while the
 * rest of the site keeps working; when a chunk is gone after a redeploy, it offers a reload.
 */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0, chunkRetried: false };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[${this.props.remote}]`, error, info.componentStack);
    // After a redeploy the remote's new entry knows the new chunk names: load it again, once.
    if (isChunkLoadError(error) && !this.state.chunkRetried) {
      this.setState({ chunkRetried: true });
      this.retry();
    }
  }

  retry = () => {
    if (this.props.label === undefined || isChunkLoadError(this.state.error)) {
      retryRemote(this.props.remote);
    }
    retryFailedPages();
    this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));
  };

  override render() {
    const { error, attempt } = this.state;
    const { remote, variant = 'page', children } = this.props;
    if (!error) return <ChildrenKeyed attempt={attempt}>{children}</ChildrenKeyed>;

    const label = this.props.label ?? remoteLabels[remote];
    if (variant === 'slot') return null;
    if (isChunkLoadError(error)) {
      if (!this.state.chunkRetried) return null;
      return (
        <ErrorState
          title="A new version of Guestspot is available."
          message="Part of this page was updated while you were here. Reload to get the latest version."
          onRetry={() => window.location.reload()}
          retryLabel="Reload"
          data-variant={variant}
        />
      );
    }
    const unavailable = error instanceof RemoteUnavailableError;
    return (
      <ErrorState
        title={
          variant === 'widget'
            ? `${label} card is unavailable right now.`
            : `${label} is unavailable right now.`
        }
        message={
          unavailable
            ? 'This part of Guestspot could not be loaded. The rest of the site keeps working.'
            : 'Something went wrong while showing this part of the page.'
        }
        onRetry={this.retry}
        data-variant={variant}
      />
    );
  }
}

/** Remounts the children on each retry, so that they load afresh. */
function ChildrenKeyed({ attempt, children }: { attempt: number; children: ReactNode }) {
  return (
    <div key={attempt} className="gs-remote-area">
      {children}
    </div>
  );
}
