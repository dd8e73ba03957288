import zlib from 'node:zlib';

/**
 * The lines of text a PDF made by pdf/document.ts shows, in drawing order: each content stream
 * inflated, each `[<hex> kerning <hex>] TJ` joined and read as WinAnsi (Latin-1 for the
 * characters we write). Enough to assert on what a reader of the document sees.
 */
export function pdfTextOf(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const bytes = Buffer.from(match[1] ?? '', 'latin1');
    let content: string;
    try {
      content = zlib.inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const array of content.matchAll(/\[((?:<[0-9a-f]*>\s*-?[\d.]*\s*)+)\]\s*TJ/gi)) {
      const hex = [...(array[1] ?? '').matchAll(/<([0-9a-f]*)>/gi)].map((part) => part[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines;
}
