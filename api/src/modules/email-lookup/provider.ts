// Who answers "which email addresses does this domain publish?" for the wishlist's 'Get contact
// info'. Hunter.io's domain search when HUNTER_API_KEY is set; otherwise an offline local
// provider with deterministic, plausible answers (development, tests, demos).

export interface EmailLookupProvider {
  readonly name: 'local' | 'hunter';
  /** Addresses found for a normalised domain (may be empty); throws when the service fails. */
  findEmails(domain: string): Promise<string[]>;
}

const HOSTNAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * 'https://www.Example.com/about' -> 'example.com'; null when it is not a public host name
 * (no dot, an IP address, a reserved name).
 */
export function normaliseDomain(value: string): string | null {
  let host = value.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  host = host.replace(/^[^@/]*@/, '');
  host = host.split(/[/?#:]/)[0] ?? '';
  host = host.replace(/^www\./, '').replace(/\.$/, '');
  return HOSTNAME.test(host) ? host : null;
}

/** Top-level domains the local provider treats as real businesses' (others look made up). */
const KNOWN_TLDS = new Set([
  'com',
  'org',
  'net',
  'io',
  'co',
  'fm',
  'tv',
  'ai',
  'app',
  'dev',
  'media',
  'news',
  'show',
  'studio',
  'us',
  'uk',
  'ca',
  'au',
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'ie',
  'nz',
  'in',
  'me',
  'biz',
  'info',
  'agency',
  'live',
  'audio',
  'video',
  'podcast',
  'xyz',
]);
/** Reserved for documentation and tests (RFC 2606, 6761): nobody answers mail there. */
const RESERVED_TLDS = new Set(['test', 'invalid', 'localhost', 'example', 'local']);
const EXTRA_BOXES = ['booking', 'info', 'contact', 'team', 'media', 'partnerships'];

function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) {
    value ^= char.charCodeAt(0);
    value = Math.imul(value, 16777619) >>> 0;
  }
  return value;
}

/**
 * Offline: hello@ and press@ the domain plus one more box chosen from the domain's hash, always
 * the same for the same domain; nothing for domains that look unknown (reserved or unusual
 * top-level domains, or a first label of digits or 'unknown...').
 */
export class LocalEmailLookupProvider implements EmailLookupProvider {
  readonly name = 'local' as const;

  async findEmails(domain: string): Promise<string[]> {
    const labels = domain.split('.');
    const tld = labels.at(-1) ?? '';
    const first = labels[0] ?? '';
    if (RESERVED_TLDS.has(tld) || !KNOWN_TLDS.has(tld)) return [];
    if (/^\d+$/.test(first) || first.startsWith('unknown') || first.length < 2) return [];
    const extra = EXTRA_BOXES[hash(domain) % EXTRA_BOXES.length] ?? 'info';
    return [`hello@${domain}`, `press@${domain}`, `${extra}@${domain}`];
  }
}

interface HunterAnswer {
  data?: { emails?: { value?: unknown }[] };
}

/** Hunter.io domain search (https://hunter.io/api-documentation/v2#domain-search). */
export class HunterEmailLookupProvider implements EmailLookupProvider {
  readonly name = 'hunter' as const;

  constructor(
    private readonly apiKey: string,
    private readonly options: { timeoutMs?: number; baseUrl?: string; limit?: number } = {},
  ) {}

  async findEmails(domain: string): Promise<string[]> {
    const url = new URL('/v2/domain-search', this.options.baseUrl ?? 'https://api.hunter.io');
    url.searchParams.set('domain', domain);
    url.searchParams.set('limit', String(this.options.limit ?? 10));
    url.searchParams.set('api_key', this.apiKey);
    const response = await fetch(url, {
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`Hunter answered ${response.status}`);
    const body = (await response.json()) as HunterAnswer;
    const emails = (body.data?.emails ?? []).flatMap((entry) =>
      typeof entry.value === 'string' && entry.value.includes('@') ? [entry.value] : [],
    );
    return [...new Set(emails.map((email) => email.toLowerCase()))];
  }
}

export function createEmailLookupProvider(config: {
  hunterApiKey: string | null;
  emailLookupTimeoutMs: number;
}): EmailLookupProvider {
  return config.hunterApiKey
    ? new HunterEmailLookupProvider(config.hunterApiKey, { timeoutMs: config.emailLookupTimeoutMs })
    : new LocalEmailLookupProvider();
}
