// Server-side rendering for the site's server (decision 077): imported only by an app's
// src/server-render.tsx, never by browser code (it is not part of the shared module).
export { renderPage, type RenderedPage } from './render-page';
