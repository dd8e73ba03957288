// A one-page invoice as a minimal PDF 1.4 (standard Helvetica, WinAnsi text), written by hand so
// the offline provider needs no PDF library. Stripe hosts its own invoice PDFs.

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

interface TextLine {
  text: string;
  x: number;
  y: number;
  size: number;
  bold?: boolean;
}

/** PDF string literal in WinAnsi: escape the delimiters, keep Latin-1, '?' for the rest. */
function pdfText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 63;
    const safe = code >= 32 && code <= 255 && code !== 127 ? char : '?';
    out += safe === '\\' || safe === '(' || safe === ')' ? `\\${safe}` : safe;
  }
  return `(${out})`;
}

export function renderInvoicePdf(input: InvoicePdfInput): Buffer {
  const lines: TextLine[] = [
    { text: 'Guestspot', x: 72, y: 720, size: 22, bold: true },
    { text: 'Invoice', x: 440, y: 720, size: 22, bold: true },
    { text: `Invoice number: ${input.number}`, x: 72, y: 680, size: 11 },
    { text: `Date: ${input.date}`, x: 72, y: 664, size: 11 },
    { text: 'Billed to', x: 72, y: 630, size: 11, bold: true },
    ...input.billedTo.map((text, index) => ({ text, x: 72, y: 614 - index * 16, size: 11 })),
    { text: 'Description', x: 72, y: 560, size: 11, bold: true },
    { text: 'Amount', x: 460, y: 560, size: 11, bold: true },
    { text: input.description, x: 72, y: 540, size: 11 },
    { text: input.amount, x: 460, y: 540, size: 11 },
    { text: input.period, x: 72, y: 524, size: 9 },
    { text: 'Total (USD)', x: 340, y: 490, size: 12, bold: true },
    { text: input.amount, x: 460, y: 490, size: 12, bold: true },
    ...(input.paidWith ? [{ text: input.paidWith, x: 72, y: 450, size: 10 }] : []),
    { text: 'Thank you for being a Guestspot Pro member.', x: 72, y: 100, size: 9 },
  ];
  const content = [
    '0.85 0.85 0.85 RG 72 575 m 540 575 l S 72 505 m 540 505 l S',
    ...lines.map(
      (line) =>
        `BT /${line.bold ? 'F2' : 'F1'} ${line.size} Tf ${line.x} ${line.y} Td ${pdfText(line.text)} Tj ET`,
    ),
  ].join('\n');
  const stream = Buffer.from(content, 'latin1');

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ' +
      '/Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream.toString('latin1')}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title ${pdfText(`Invoice ${input.number}`)} /Producer (Guestspot) >>`,
  ];
  let body = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\n`;
  body += `startxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
