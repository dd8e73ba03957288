// Exposed to the shell as './routes': route objects with absolute paths.
export { routes } from '../routes';
