import { renderPdf } from '../../pdf/document';

// A one-page invoice for the offline provider (Stripe hosts its own invoice PDFs), made with the
// API's one PDF library (pdf/document.ts, decision 119).

export interface InvoicePdfInput {
  number: string;
  /** 'Month D, YYYY' */
  date: string;
  billedTo: string[];
  description: string;
  period: string;
  /** '$97.00' */
  amount: string;
  paidWith: string | null;
}

export function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  return renderPdf({
    title: `Invoice ${input.number}`,
    kind: 'Invoice',
    facts: [`Invoice number: ${input.number}`, `Date: ${input.date}`],
    sections: [
      { heading: 'Billed to', rows: input.billedTo.map((line) => ({ label: line, value: '' })) },
      {
        heading: 'Description',
        rows: [
          { label: input.description, value: input.amount },
          { label: input.period, value: '' },
          { label: 'Total (USD)', value: input.amount, bold: true },
          ...(input.paidWith ? [{ label: input.paidWith, value: '' }] : []),
        ],
      },
    ],
    footer: 'Thank you for being a Guestspot Pro member.',
  });
}
