/**
 * A minimal PDF 1.4 writer: one A4 page of left-aligned text lines in Helvetica
 * (regular and bold), WinAnsi encoded. Enough for a car's summary sheet without a PDF
 * library. Byte offsets in the cross-reference table must be exact, so the file is
 * built as latin1 strings and measured in bytes.
 */

export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** Extra space above the line, in points. */
  gap?: number;
}

const PAGE_W = 595.28; // A4 in points
const PAGE_H = 841.89;
const MARGIN = 56;

/** Characters WinAnsi can show; anything else becomes "?". */
function winAnsi(text: string): string {
  const map: Record<string, string> = {
    '\u2019': "'",
    '\u2018': "'",
    '\u201c': '"',
    '\u201d': '"',
    '\u2013': '-',
    '\u2014': '-',
    '\u2026': '...',
  };
  return [...text]
    .map((c) => map[c] ?? (c.charCodeAt(0) <= 0xff && c.charCodeAt(0) >= 0x20 ? c : '?'))
    .join('');
}

/** Escapes a string for a PDF literal ( ... ). */
function literal(text: string): string {
  return `(${winAnsi(text).replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** Splits text to roughly fit the page width (Helvetica averages ~0.5 em per character). */
export function wrap(text: string, size: number): string[] {
  const max = Math.floor((PAGE_W - 2 * MARGIN) / (size * 0.5));
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > max) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

export function renderPdf(lines: PdfLine[], meta: { title: string }): Buffer {
  let y = PAGE_H - MARGIN;
  const ops: string[] = ['BT'];
  for (const l of lines) {
    const size = l.size ?? 11;
    y -= l.gap ?? 0;
    for (const part of wrap(l.text, size)) {
      y -= size * 1.35;
      if (y < MARGIN) break; // one page: the summary is short, and overflow is cut, not broken
      ops.push(
        `/${l.bold ? 'F2' : 'F1'} ${size} Tf`,
        `1 0 0 1 ${MARGIN} ${y.toFixed(2)} Tm`,
        `${literal(part)} Tj`,
      );
    }
  }
  ops.push('ET');
  const content = ops.join('\n');

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title ${literal(meta.title)} /Producer (Forecourt) >>`,
  ];
  // The binary comment line tells tools the file is binary (PDF 1.4, section 3.4.1).
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
