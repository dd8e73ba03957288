import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { Type } from 'typebox';
import {
  DEFAULT_PAYMENT_SORT,
  PAYMENTS_PAGE_SIZE,
  PaymentsPageSchema,
  PaymentsQuerySchema,
  type Payment,
  type PaymentKind,
} from '../../contract';
import { HttpError, notFound } from '../../http/errors';
import { pageOf, paginated } from '../../http/pagination';
import { IdParam } from '../../http/schema';
import { authenticated, requireUser } from '../auth/require-user';
import { monthRange, orderNumberOf, zoneOf } from '../bookings/list-query';
import { containsPattern } from '../profiles/list-query';
import { ownPaymentOf, paymentsMonthOf, type LedgerPayment } from './ledger';
import { renderPaymentReceipt } from './receipt-pdf';
import { PRIVATE_ANSWER } from '../../http/private-cache';

// The payments page (issue 33, decision 119): GET /payments, a month of the signed-in user's
// payments (the account acted for while impersonating, as GET /balance), and a paid payment's
// receipt. The figures are the ledger's (ledger-payments.ts).

export const RECEIPT_NOT_PAID = 'Only a paid payment has a receipt.';

const WHAT: Record<PaymentKind, string> = {
  charge: 'Booking',
  extra_fee: 'Extra fee for booking',
  store_credit: 'Store credit for booking',
  refund: 'Refund for booking',
  payout: 'Payout for booking',
  referral_share: 'Referral share for booking',
};

export function paymentPath(id: number): string {
  return `/api/v1/payments/${id}/download`;
}

function present(row: LedgerPayment): Payment {
  const paid = row.status === 'paid';
  const transfer = row.kind === 'payout' || row.kind === 'referral_share';
  return {
    id: row.id,
    type: row.type,
    kind: row.kind,
    raw_price: row.amount,
    name: row.name,
    description: `${WHAT[row.kind]} #000${row.booking_id}`,
    booking_id: row.booking_id,
    payment_date: row.payment_date.toISOString(),
    status: row.status,
    payout_id: paid && transfer ? row.provider_reference : null,
    download_url: paid ? paymentPath(row.id) : null,
  };
}

export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  const listOptions = {
    preValidation: authenticated,
    config: PRIVATE_ANSWER,
    schema: { querystring: PaymentsQuerySchema, response: { 200: PaymentsPageSchema } },
  };
  api.get('/payments', listOptions, async (request) => {
    const user = await requireUser(request);
    const zone = zoneOf(user);
    const filter = request.query.filter ?? {};
    const month =
      filter.for_month ?? DateTime.fromJSDate(app.config.now(), { zone }).toFormat('yyyy-MM');
    const page = pageOf(request.query, PAYMENTS_PAGE_SIZE);
    const search = filter.search?.trim();
    const result = await paymentsMonthOf(app.db, {
      userId: user.id,
      ...monthRange(month, zone),
      search: search ? { like: containsPattern(search), bookingId: orderNumberOf(search) } : null,
      type: filter.type ?? null,
      sort: request.query.sort ?? DEFAULT_PAYMENT_SORT,
      limit: page.perPage,
      offset: page.offset,
    });
    const { data, meta } = paginated(result.rows.map(present), result.total, page);
    return {
      data,
      meta: {
        ...meta,
        month,
        timezone: zone,
        totals: { received: result.received, paid: result.paid },
      },
    };
  });

  // Anyone else's payment, or one that never moved money, is not found; the owner's own pending
  // one has no receipt yet (409).
  const downloadOptions = {
    preValidation: authenticated,
    schema: { params: Type.Object({ payment: IdParam() }) },
  };
  api.get('/payments/:payment/download', downloadOptions, async (request, reply) => {
    const user = await requireUser(request);
    const row = await ownPaymentOf(app.db, user.id, Number(request.params.payment));
    if (!row) throw notFound();
    if (row.status !== 'paid') throw new HttpError(409, RECEIPT_NOT_PAID);
    const pdf = await renderPaymentReceipt({
      payment: present(row),
      account: { name: `${user.first_name} ${user.last_name}`.trim(), email: user.email },
      timezone: zoneOf(user),
      bookingDate: row.booking_date,
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="payment-${row.id}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
