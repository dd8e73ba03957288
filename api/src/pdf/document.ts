import PDFDocument from 'pdfkit';

// Every PDF the API answers (decision 119): pdfkit, with its standard fonts (Helvetica, no
// files to ship), one US Letter page, written to a Buffer. A document is a title, a heading and
// a few label/value rows; the invoice and the payment receipt are the two kinds today.

export interface PdfRow {
  label: string;
  value: string;
  bold?: boolean;
}

export interface PdfSection {
  heading?: string;
  rows: PdfRow[];
}

export interface SimpleDocument {
  /** the document's metadata title */
  title: string;
  /** the big word at the top right: 'Invoice', 'Receipt' */
  kind: string;
  /** lines under the header ('Invoice number: …', 'Date: …') */
  facts: string[];
  sections: PdfSection[];
  /** a small line at the bottom */
  footer: string;
}

const LEFT = 72;
const RIGHT = 540;
const VALUE_X = 400;

/** Renders `document` to PDF bytes. */
export function renderPdf(document: SimpleDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: LEFT,
    info: { Title: document.title, Producer: 'Guestspot', Creator: 'Guestspot' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(22).text('Guestspot', LEFT, 72);
  doc.text(document.kind, LEFT, 72, { width: RIGHT - LEFT, align: 'right' });
  doc.font('Helvetica').fontSize(11).moveDown(1.5);
  for (const fact of document.facts) doc.text(fact, LEFT);

  for (const section of document.sections) {
    doc.moveDown(1.5);
    if (section.heading) doc.font('Helvetica-Bold').fontSize(11).text(section.heading, LEFT);
    doc
      .moveTo(LEFT, doc.y + 4)
      .lineTo(RIGHT, doc.y + 4)
      .strokeColor('#d9d9d9')
      .stroke();
    doc.moveDown(0.6);
    for (const row of section.rows) {
      const y = doc.y;
      doc.font(row.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11);
      doc.text(row.label, LEFT, y, { width: VALUE_X - LEFT - 12 });
      const after = doc.y;
      doc.text(row.value, VALUE_X, y, { width: RIGHT - VALUE_X, align: 'right' });
      doc.y = Math.max(after, doc.y) + 4;
    }
  }

  doc.font('Helvetica').fontSize(9).fillColor('#555555');
  doc.text(document.footer, LEFT, 700, { width: RIGHT - LEFT });
  doc.end();
  return done;
}
