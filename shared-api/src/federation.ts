import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { RouteAccess } from './session/access';

/** What a route of a remote tells the shell beyond its path and element. */
export interface RouteHandle {
  /** Who may open it; the deepest route that says so wins. Default 'public'. */
  access?: RouteAccess;
  /** Hide the footer (the spec hides it on public guest and show pages). */
  hideFooter?: boolean;
  /**
   * 'keep' leaves the scroll position alone when the page is reached (e.g. a tab or a filter
   * that changes the path); by default pages scroll to top on navigation.
   */
  scroll?: 'top' | 'keep';
  /**
   * Starts the page's first queries (React Query's prefetchQuery, with the page's own query
   * options) when a link to it is about to be followed (decision 083): they load while the
   * page's code does, instead of after it has rendered.
   */
  prefetch?: (params: Readonly<Partial<Record<string, string>>>) => void;
}

/** A remote's `./routes` expose: route objects with absolute paths, for the shell's router. */
export interface RemoteRoutesModule {
  routes: RouteObject[];
}

/** What the shell tells a dashboard card. */
export interface DashboardWidgetProps {
  /**
   * Whether some app publishes `path` (decision 108): a card links to a page of another remote
   * only once it exists, as the shell's navigation does.
   */
  isPublished: (path: string) => boolean;
}

/** One card of the /dashboard page, owned by a remote. */
export interface DashboardWidget {
  id: string;
  /** The card's name: also its error message's ('{title} card is unavailable right now.'). */
  title: string;
  /** Lazy cards (React.lazy) load only when shown, each inside its own boundary (decision 118). */
  Component: ComponentType<DashboardWidgetProps>;
  /** Smaller comes first. */
  order: number;
  /** Shown to pro accounts only. */
  proOnly?: boolean;
  /** Shown to standard accounts only (the Unlock Pro card). */
  standardOnly?: boolean;
}

/** A remote's `./widgets` expose. */
export interface RemoteWidgetsModule {
  widgets: DashboardWidget[];
}
