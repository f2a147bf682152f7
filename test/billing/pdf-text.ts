// The text lines of an uncompressed pdfkit PDF: each TJ array's hex strings decoded and joined
// (pdfkit splits a line where kerning applies), enough to read what an invoice says.
export function pdfLines(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  return [...source.matchAll(/\[([^\]]*)\] TJ/g)].map(([, parts]) =>
    [...(parts ?? '').matchAll(/<([0-9a-f]*)>/g)].map(([, hex]) => Buffer.from(hex ?? '', 'hex').toString('latin1')).join(''),
  );
}
