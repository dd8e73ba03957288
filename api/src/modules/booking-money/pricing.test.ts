import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { creditBalance, grantExpiry } from './credit';
import { priceBooking, type PricingInput } from './pricing';

const base: PricingInput = {
  bookedSide: 'guest',
  option: { name: 'Virtual Interview', price: 10000 },
  upsells: [],
  code: null,
  availableCredit: 0,
  bookerReferred: false,
};

describe('priceBooking', () => {
  const cases: {
    name: string;
    input: Partial<PricingInput>;
    expect: Partial<{
      subtotal: number;
      codeDiscount: number;
      total: number;
      creditApplied: number;
      cardAmount: number;
      minimumChargeTopUp: number;
      requiresCard: boolean;
      serviceFee: number;
      referralShare: number;
      payee: number;
      platform: number;
    }>;
  }[] = [
    {
      name: 'a show books a guest: the fee comes out of the guest payout',
      input: {},
      expect: {
        subtotal: 10000,
        total: 10000,
        cardAmount: 10000,
        serviceFee: 2000,
        payee: 8000,
        platform: 2000,
      },
    },
    {
      name: 'a guest books a show: the fee is added to what the guest pays, the show gets its price',
      input: { bookedSide: 'show' },
      expect: { total: 12000, cardAmount: 12000, serviceFee: 2000, payee: 10000, platform: 2000 },
    },
    {
      name: 'upsells add to the subtotal',
      input: {
        upsells: [
          { title: 'Newsletter', price: 2500 },
          { title: 'Shout-out', price: 1000 },
        ],
      },
      expect: { subtotal: 13500, total: 13500, serviceFee: 2700, payee: 10800 },
    },
    {
      name: 'a percentage code comes off the subtotal before the fee',
      input: { code: { code: 'MAYA10', percentOff: 10, amountOff: null } },
      expect: { codeDiscount: 1000, total: 9000, serviceFee: 1800, payee: 7200 },
    },
    {
      name: 'a fixed code is capped at the subtotal: nothing to charge, no card',
      input: { code: { code: 'BIG', percentOff: null, amountOff: 50000 } },
      expect: { codeDiscount: 10000, total: 0, cardAmount: 0, requiresCard: false, serviceFee: 0 },
    },
    {
      name: 'store credit is capped at the total',
      input: { availableCredit: 25000 },
      expect: { creditApplied: 10000, cardAmount: 0, requiresCard: false, platform: -8000 },
    },
    {
      name: 'store credit is capped at what the booker asked for',
      input: { availableCredit: 25000, requestedCredit: 3000 },
      expect: { creditApplied: 3000, cardAmount: 7000 },
    },
    {
      name: 'a remainder of 1-49 cents is raised to 50 by using less credit',
      input: { availableCredit: 9980 },
      expect: { creditApplied: 9950, cardAmount: 50, minimumChargeTopUp: 0, total: 10000 },
    },
    {
      name: 'a remainder of exactly 50 cents is left alone',
      input: { availableCredit: 9950 },
      expect: { creditApplied: 9950, cardAmount: 50 },
    },
    {
      name: 'a total under 50 cents is charged 50: the top-up adds to the charge',
      input: { option: { name: 'Pitch', price: 30 } },
      expect: { total: 30, cardAmount: 50, minimumChargeTopUp: 20, serviceFee: 6, payee: 24 },
    },
    {
      name: 'a free option needs no card',
      input: { option: { name: 'Pitch', price: 0 } },
      expect: { total: 0, cardAmount: 0, requiresCard: false },
    },
    {
      name: 'the referral share is 7% of the value, out of the platform fee',
      input: { bookerReferred: true },
      expect: { referralShare: 700, payee: 8000, platform: 1300 },
    },
    {
      name: 'cents round half up: 20% of 12.345 and 7% of 12.345',
      input: {
        option: { name: 'Odd', price: 1234 },
        upsells: [{ title: 'x', price: 1 }],
        bookerReferred: true,
      },
      // 1235 * 0.2 = 247; 1235 * 0.07 = 86.45 -> 86
      expect: { serviceFee: 247, referralShare: 86, payee: 988 },
    },
    {
      name: 'a percentage code rounds its half cent up',
      input: {
        option: { name: 'Odd', price: 1005 },
        code: { code: 'C', percentOff: 10, amountOff: null },
      },
      // 100.5 -> 101
      expect: { codeDiscount: 101, total: 904 },
    },
  ];

  for (const test of cases) {
    it(test.name, () => {
      const price = priceBooking({ ...base, ...test.input });
      const actual: Record<string, unknown> = { ...price, ...price.split };
      for (const [key, value] of Object.entries(test.expect)) {
        assert.equal(actual[key], value, `${key}`);
      }
      // Invariants: card + credit pays the total (plus any top-up); the card is 0 or >= 50.
      assert.equal(price.cardAmount + price.creditApplied, price.total + price.minimumChargeTopUp);
      assert.ok(price.cardAmount === 0 || price.cardAmount >= 50);
    });
  }

  it('lists the option, the upsells and the service fee as lines', () => {
    const price = priceBooking({
      ...base,
      bookedSide: 'show',
      upsells: [{ title: 'Newsletter', price: 2500 }],
    });
    assert.deepEqual(
      price.lines.map((line) => [line.kind, line.amount]),
      [
        ['option', 10000],
        ['upsell', 2500],
        ['service-fee', 2500],
      ],
    );
  });

  it('refuses amounts that are not whole cents', () => {
    assert.throws(() => priceBooking({ ...base, option: { name: 'x', price: 10.5 } }), RangeError);
    assert.throws(() => priceBooking({ ...base, availableCredit: -1 }), RangeError);
  });
});

describe('creditBalance (FIFO by expiry)', () => {
  const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000);
  const grant = (amount: number, on: number) => ({
    amount,
    created_at: day(on),
    expires_at: grantExpiry(day(on)),
  });
  const use = (amount: number, on: number) => ({
    amount: -amount,
    created_at: day(on),
    expires_at: null,
  });

  it('sums unexpired grants less uses', () => {
    const balance = creditBalance([grant(5000, 0), grant(2500, 10), use(1500, 20)], day(30));
    assert.equal(balance.available, 6000);
    assert.deepEqual(balance.nextExpiry, day(90));
  });

  it('a use consumes the soonest-expiring grant first, so an expired grant does not count it twice', () => {
    // The first grant is used up before it expires; the second stays whole.
    const balance = creditBalance([grant(1000, 0), grant(1000, 10), use(1000, 20)], day(95));
    assert.equal(balance.available, 1000);
  });

  it('credit expires 90 days after it is granted', () => {
    assert.equal(creditBalance([grant(1000, 0)], day(89)).available, 1000);
    assert.equal(creditBalance([grant(1000, 0)], day(90)).available, 0);
    assert.equal(creditBalance([grant(1000, 0)], day(90)).nextExpiry, null);
  });

  it('a use after a grant expired cannot eat into it', () => {
    const balance = creditBalance([grant(1000, 0), grant(500, 80), use(500, 100)], day(101));
    assert.equal(balance.available, 0);
  });
});
