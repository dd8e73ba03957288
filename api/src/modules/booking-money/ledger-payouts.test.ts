import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keepsServiceFee, refundOf, withholding } from './ledger-payouts';

// The non-refundable service fee (decision 116): kept from the card first, then the credit, when
// the booker broke the deal; given back in full when the other side did (amended 2026-11-28).

describe('keepsServiceFee', () => {
  it('keeps it only when the booker’s own side ends the booking', () => {
    assert.equal(keepsServiceFee({ initiator: 'show' }, 'show'), true);
    assert.equal(keepsServiceFee({ initiator: 'guest' }, 'guest'), true);
    assert.equal(keepsServiceFee({ initiator: 'show' }, 'guest'), false);
    assert.equal(keepsServiceFee({ initiator: 'guest' }, 'show'), false);
    assert.equal(keepsServiceFee({ initiator: 'guest' }, 'system'), false);
  });
});

describe('refundOf', () => {
  const keepFee = { keepFee: true };

  it('keeps the fee from the card and gives the rest back', () => {
    assert.deepEqual(refundOf({ card: 7200, credit: 300, fee: 1500 }, keepFee), {
      card: 5700,
      creditKept: 0,
      feeKept: 1500,
    });
  });

  it('keeps from the store credit what the card did not cover', () => {
    assert.deepEqual(refundOf({ card: 1000, credit: 9000, fee: 2000 }, keepFee), {
      card: 0,
      creditKept: 1000,
      feeKept: 2000,
    });
  });

  it('keeps nothing of a free booking', () => {
    assert.deepEqual(refundOf({ card: 0, credit: 0, fee: 0 }, keepFee), {
      card: 0,
      creditKept: 0,
      feeKept: 0,
    });
  });

  it('gives everything back when the fee is not kept', () => {
    assert.deepEqual(refundOf({ card: 1000, credit: 9000, fee: 2000 }, { keepFee: false }), {
      card: 1000,
      creditKept: 0,
      feeKept: 0,
    });
  });
});

describe('withholding', () => {
  const soon = new Date('2030-01-01T00:00:00Z');
  const late = new Date('2030-06-01T00:00:00Z');

  it('takes the kept cents from the parts that expire first', () => {
    const parts = [
      { grantId: 2, amount: 500, expires_at: late },
      { grantId: 1, amount: 300, expires_at: soon },
    ];
    assert.deepEqual(withholding(parts, 400), [{ grantId: 2, amount: 400, expires_at: late }]);
    assert.deepEqual(withholding(parts, 0), parts);
  });
});
