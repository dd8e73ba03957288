import { api } from '@guestspot/shared-api';
import type { Geolocation } from './types';

/** The visitor's country by IP, through our API (decision 031); never throws for a lookup miss. */
export async function getGeolocation(): Promise<Geolocation> {
  return api.get('geolocation').json<Geolocation>();
}
