import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderInvoicePdf } from './invoice-pdf';
import { addInterval } from './plans';

describe('renderInvoicePdf', () => {
  const view = renderInvoicePdf({
    number: 'GS-001001',
    date: 'March 5, 2026',
    billedTo: ['Zoë (Z) O\\Brien', 'zoe@example.com'],
    description: 'Guestspot Pro (monthly)',
    period: 'March 5, 2026 - April 5, 2026',
    amount: '$97.00',
    paidWith: 'Paid with visa ending in 4242',
  });
  const text = view.toString('latin1');

  it('is a PDF whose cross-reference table points at each object', () => {
    assert.ok(text.startsWith('%PDF-1.4'));
    assert.ok(text.trimEnd().endsWith('%%EOF'));
    const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    assert.ok(text.slice(startxref).startsWith('xref\n0 8\n'));
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) =>
      Number(m[1]),
    );
    assert.equal(offsets.length, 7);
    offsets.forEach((offset, index) => {
      assert.ok(text.slice(offset).startsWith(`${index + 1} 0 obj`), `object ${index + 1}`);
    });
    const length = Number(/\/Length (\d+)/.exec(text)?.[1]);
    const streamStart = text.indexOf('stream\n') + 'stream\n'.length;
    assert.equal(text.slice(streamStart + length, streamStart + length + 10), '\nendstream');
  });

  it('escapes PDF delimiters and keeps Latin-1 text', () => {
    assert.ok(text.includes('(Zo\u00eb \\(Z\\) O\\\\Brien)'));
    assert.ok(text.includes('(Invoice number: GS-001001)'));
    assert.ok(text.includes('($97.00)'));
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
