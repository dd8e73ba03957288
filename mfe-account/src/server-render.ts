// This remote's pages rendered on the site's server for visitors (decision 077): the build makes
// this file a Node.js bundle (dist/server/render.cjs) that the site's server loads from here.
import { renderPage } from '@guestspot/shared-ui/server';
import { routes } from './routes';

export const render = (url: string) => renderPage(routes, url);
