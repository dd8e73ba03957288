import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pdfTextOf } from '../../test/pdf-text';
import { renderInvoicePdf } from './invoice-pdf';
import { addInterval } from './plans';

describe('renderInvoicePdf', () => {
  it('is a PDF that shows the invoice, Latin-1 text and PDF delimiters kept', async () => {
    const view = await renderInvoicePdf({
      number: 'GS-001001',
      date: 'March 5, 2026',
      billedTo: ['Zo\u00eb (Z) O\\Brien', 'zoe@example.com'],
      description: 'Guestspot Pro (monthly)',
      period: 'March 5, 2026 - April 5, 2026',
      amount: '$97.00',
      paidWith: 'Paid with visa ending in 4242',
    });
    assert.equal(view.subarray(0, 5).toString(), '%PDF-');
    assert.ok(view.toString('latin1').trimEnd().endsWith('%%EOF'));
    const text = pdfTextOf(view);
    for (const line of [
      'Invoice',
      'Invoice number: GS-001001',
      'Date: March 5, 2026',
      'Zo\u00eb (Z) O\\Brien',
      'Guestspot Pro (monthly)',
      '$97.00',
      'Total (USD)',
      'Paid with visa ending in 4242',
    ]) {
      assert.ok(text.includes(line), `shows ${line}: ${JSON.stringify(text)}`);
    }
  });
});

describe('addInterval', () => {
  it('adds calendar months and years in UTC, clamping to the month end', () => {
    assert.equal(
      addInterval(new Date('2026-01-31T10:00:00Z'), 'month').toISOString(),
      '2026-02-28T10:00:00.000Z',
    );
    assert.equal(
      addInterval(new Date('2028-02-29T00:00:00Z'), 'year').toISOString(),
      '2029-02-28T00:00:00.000Z',
    );
  });
});
