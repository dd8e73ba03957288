import { createRoot } from 'react-dom/client';
import { StandaloneApp } from '@guestspot/shared-ui/standalone';
import { routes } from './routes';

// Running alone (npm run dev -w mfe-booking): this remote's routes with a session and a bare layout.
const container = document.getElementById('root');
if (container) createRoot(container).render(<StandaloneApp title="Bookings" routes={routes} />);
