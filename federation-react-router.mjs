// What the site shares as `react-router-dom` (webpack.federation.cjs, decisions 075 and 094):
// React Router's declarative router, its components and hooks, and the path helpers. A shared
// module is not tree-shaken, so everything here ships to every page: not the data routers
// (createBrowserRouter, RouterProvider, loaders, actions, fetchers, <Form>, blockers), which no
// page uses and which doubled the router's code (34 KiB gzip against 16), nor the framework,
// server and RSC parts. This list is what a remote may use; e2e is not needed to check it:
// shell/server/router-facade.test.mjs fails when any source file imports a name from
// react-router-dom that is not here. Tests that want a data router import it from react-router.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  NavigationType,
  Outlet,
  Route,
  Router,
  Routes,
  UNSAFE_createBrowserHistory,
  UNSAFE_createMemoryHistory,
  createPath,
  createRoutesFromChildren,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  parsePath,
  renderMatches,
  resolvePath,
  unstable_HistoryRouter,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router';
