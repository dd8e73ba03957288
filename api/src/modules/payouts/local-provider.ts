import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DB } from '../../db/database';
import { HttpError } from '../../http/errors';
import type {
  OnboardingUrls,
  PayoutAccountHolder,
  PayoutProvider,
  ProviderAccountState,
  TransferRequest,
} from './provider';

// The offline stand-in for Stripe Connect: it keeps its accounts in local_connect_accounts and
// serves its own onboarding and dashboard pages (local-routes.ts). Like Stripe's account links,
// its links are short-lived bearer URLs: HMAC-signed, naming the account, the purpose and where to
// return. Submitted details become "charges enabled" after `activationMs` (a pretend review).

const LINK_MINUTES = 60;
/** A transfer to an account that cannot receive one (not found, or charges not enabled). */
export const TRANSFER_REFUSED = 'This account cannot receive transfers yet.';
/** A link's token is never longer: a longer one is refused unread. */
export const MAX_LINK_TOKEN = 4000;

export type LocalLinkPurpose = 'onboarding' | 'dashboard';

export interface LocalLink {
  accountId: string;
  purpose: LocalLinkPurpose;
  returnUrl: string;
  refreshUrl: string;
  expired: boolean;
}

export interface LocalBusinessDetails {
  business_type: 'individual' | 'company' | null;
  legal_name: string | null;
  email: string;
}

export interface LocalAccount extends LocalBusinessDetails {
  id: string;
  user_id: number;
  country_code: string;
  details_submitted: boolean;
  charges_enabled: boolean;
}

interface LinkPayload {
  a: string;
  p: LocalLinkPurpose;
  r: string;
  f: string;
  /** expiry, epoch seconds */
  e: number;
}

export interface LocalPayoutSettings {
  /** signs the links */
  secret: string;
  /** the site's origin: the links point at the API through it (/api/v1/payouts/local/...) */
  appUrl: string;
  activationMs: number;
}

export class LocalPayoutProvider implements PayoutProvider {
  readonly name = 'local' as const;

  constructor(
    private readonly db: DB,
    private readonly settings: LocalPayoutSettings,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async createAccount(holder: PayoutAccountHolder, countryCode: string): Promise<string> {
    const id = `acct_local_${randomBytes(8).toString('hex')}`;
    await this.db
      .insertInto('local_connect_accounts')
      .values({ id, user_id: holder.id, country_code: countryCode, email: holder.email })
      .execute();
    return id;
  }

  async findAccount(accountId: string): Promise<LocalAccount | null> {
    const row = await this.db
      .selectFrom('local_connect_accounts')
      .selectAll()
      .where('id', '=', accountId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      user_id: row.user_id,
      country_code: row.country_code,
      email: row.email,
      business_type: row.business_type,
      legal_name: row.legal_name,
      details_submitted: row.details_submitted,
      charges_enabled:
        row.details_submitted &&
        row.activates_at !== null &&
        row.activates_at.getTime() <= this.clock().getTime(),
    };
  }

  async retrieveAccount(accountId: string): Promise<ProviderAccountState | null> {
    const account = await this.findAccount(accountId);
    return account
      ? { details_submitted: account.details_submitted, charges_enabled: account.charges_enabled }
      : null;
  }

  /** The onboarding page's "Save for later": keeps what was typed, submits nothing. */
  async saveDetails(accountId: string, details: LocalBusinessDetails): Promise<void> {
    await this.db
      .updateTable('local_connect_accounts')
      .set(details)
      .where('id', '=', accountId)
      .execute();
  }

  /** The onboarding page's "Submit": details submitted; charges follow after the review delay. */
  async submitDetails(accountId: string, details: LocalBusinessDetails): Promise<void> {
    const activatesAt = new Date(this.clock().getTime() + this.settings.activationMs);
    await this.db
      .updateTable('local_connect_accounts')
      .set({ ...details, details_submitted: true, activates_at: activatesAt })
      .where('id', '=', accountId)
      .where('details_submitted', '=', false)
      .execute();
  }

  async onboardingLink(accountId: string, urls: OnboardingUrls): Promise<string> {
    return this.link(accountId, 'onboarding', urls);
  }

  async dashboardLink(accountId: string): Promise<string> {
    const settings = `${this.settings.appUrl}/settings#payout`;
    return this.link(accountId, 'dashboard', { returnUrl: settings, refreshUrl: settings });
  }

  async unlinkAccount(accountId: string): Promise<void> {
    await this.db.deleteFrom('local_connect_accounts').where('id', '=', accountId).execute();
  }

  /** Records the transfer (local_transfers), one per idempotency key; an unknown account: 409. */
  async transfer(request: TransferRequest): Promise<string> {
    const account = await this.findAccount(request.accountId);
    if (!account?.charges_enabled) throw new HttpError(409, TRANSFER_REFUSED);
    const inserted = await this.db
      .insertInto('local_transfers')
      .values({
        id: `tr_local_${randomBytes(8).toString('hex')}`,
        account_id: request.accountId,
        amount: request.amount,
        currency: request.currency,
        idempotency_key: request.idempotencyKey,
        description: request.description,
        created_at: this.clock(),
      })
      .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return inserted.id;
    const earlier = await this.db
      .selectFrom('local_transfers')
      .select('id')
      .where('idempotency_key', '=', request.idempotencyKey)
      .executeTakeFirstOrThrow();
    return earlier.id;
  }

  async reverseTransfer(transferId: string): Promise<void> {
    await this.db
      .updateTable('local_transfers')
      .set({ reversed_at: this.clock() })
      .where('id', '=', transferId)
      .where('reversed_at', 'is', null)
      .execute();
  }

  private link(accountId: string, purpose: LocalLinkPurpose, urls: OnboardingUrls): string {
    const payload: LinkPayload = {
      a: accountId,
      p: purpose,
      r: urls.returnUrl,
      f: urls.refreshUrl,
      e: Math.floor(this.clock().getTime() / 1000) + LINK_MINUTES * 60,
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const token = `${body}.${this.sign(body)}`;
    return `${this.settings.appUrl}/api/v1/payouts/local/${purpose}?token=${token}`;
  }

  /** The link's contents when its signature holds (expired ones too: they go to refreshUrl). */
  readLink(token: unknown, purpose: LocalLinkPurpose): LocalLink | null {
    if (typeof token !== 'string' || token.length > MAX_LINK_TOKEN) return null;
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(body));
    const actual = Buffer.from(signature);
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
    let payload: LinkPayload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkPayload;
    } catch {
      return null;
    }
    if (payload.p !== purpose || typeof payload.a !== 'string') return null;
    return {
      accountId: payload.a,
      purpose: payload.p,
      returnUrl: payload.r,
      refreshUrl: payload.f,
      expired: payload.e * 1000 <= this.clock().getTime(),
    };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.settings.secret)
      .update(`payout-link:${body}`)
      .digest('base64url');
  }
}
