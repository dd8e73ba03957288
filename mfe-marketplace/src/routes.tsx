import type { RouteObject } from 'react-router-dom';
import { HomePage } from './features/home/components/home-page';

/** mfe-marketplace's routes, absolute paths, as the shell composes them. */
export const routes: RouteObject[] = [{ path: '/', element: <HomePage /> }];
