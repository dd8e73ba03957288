import { isIP } from 'node:net';
import type { Geolocation } from '../../contract';

// The visitor's country by IP, for the payout country picker's default. A real lookup service
// (ip-api.com's JSON: {status, countryCode}) when GEOLOCATION_URL is set, else an offline local
// lookup. Loopback and private addresses (development, tests, a visitor behind our own proxy)
// never leave the machine: they get the configured default country.

export interface GeolocationProvider {
  readonly name: 'local' | 'remote';
  locate(ip: string): Promise<Geolocation>;
}

const FAIL: Geolocation = { status: 'fail', countryCode: null };
const COUNTRY = /^[A-Z]{2}$/;

/** Loopback, private, link-local, CGNAT and unique-local addresses (IPv4, IPv6, mapped IPv4). */
export function isPrivateAddress(ip: string): boolean {
  const address = ip.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const version = isIP(address);
  if (version === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (version === 6) {
    return (
      address === '::1' ||
      address === '::' ||
      address.startsWith('fc') ||
      address.startsWith('fd') ||
      /^fe[89ab]/.test(address)
    );
  }
  return false;
}

/** Offline: the default country for private addresses; public ones cannot be told here. */
export class LocalGeolocationProvider implements GeolocationProvider {
  readonly name = 'local' as const;

  constructor(private readonly defaultCountry: string) {}

  async locate(ip: string): Promise<Geolocation> {
    return isPrivateAddress(ip) ? { status: 'success', countryCode: this.defaultCountry } : FAIL;
  }
}

interface CacheEntry {
  value: Geolocation;
  expires: number;
}

/**
 * Asks a lookup service (`{ip}` in the URL is replaced by the address), answers from a small
 * in-memory cache for an hour (free services limit requests per minute), and reports 'fail' on
 * any error or odd answer rather than failing the caller.
 */
export class RemoteGeolocationProvider implements GeolocationProvider {
  readonly name = 'remote' as const;
  private readonly cache = new Map<string, CacheEntry>();

  constructor(
    private readonly urlTemplate: string,
    private readonly defaultCountry: string,
    private readonly options: { timeoutMs?: number; cacheSize?: number; ttlMs?: number } = {},
  ) {}

  async locate(ip: string): Promise<Geolocation> {
    if (isPrivateAddress(ip)) return { status: 'success', countryCode: this.defaultCountry };
    if (isIP(ip) === 0) return FAIL;
    const now = Date.now();
    const cached = this.cache.get(ip);
    if (cached && cached.expires > now) return cached.value;
    const value = await this.lookup(ip);
    if (value.status === 'success') this.remember(ip, value, now);
    return value;
  }

  private async lookup(ip: string): Promise<Geolocation> {
    const url = this.urlTemplate.includes('{ip}')
      ? this.urlTemplate.replaceAll('{ip}', encodeURIComponent(ip))
      : `${this.urlTemplate.replace(/\/+$/, '')}/${encodeURIComponent(ip)}`;
    try {
      const response = await fetch(url, {
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 2000),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) return FAIL;
      const body = (await response.json()) as { status?: unknown; countryCode?: unknown };
      if (body.status !== 'success' || typeof body.countryCode !== 'string') return FAIL;
      const code = body.countryCode.toUpperCase();
      return COUNTRY.test(code) ? { status: 'success', countryCode: code } : FAIL;
    } catch {
      return FAIL;
    }
  }

  private remember(ip: string, value: Geolocation, now: number) {
    const limit = this.options.cacheSize ?? 1000;
    if (this.cache.size >= limit) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(ip, { value, expires: now + (this.options.ttlMs ?? 60 * 60 * 1000) });
  }
}

export function createGeolocationProvider(config: {
  geolocationUrl: string | null;
  geolocationTimeoutMs: number;
  geoDefaultCountry: string;
}): GeolocationProvider {
  return config.geolocationUrl
    ? new RemoteGeolocationProvider(config.geolocationUrl, config.geoDefaultCountry, {
        timeoutMs: config.geolocationTimeoutMs,
      })
    : new LocalGeolocationProvider(config.geoDefaultCountry);
}
