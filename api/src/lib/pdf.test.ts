import { describe, expect, it } from 'vitest';
import { readPdf } from '../test/pdf-text';
import { fontFor, renderPdf } from './pdf';

describe('renderPdf', () => {
  it('writes names in any script as real text, and Windows-1252 text in the standard font', async () => {
    const names = ['Łukasz Nguyễn', 'Дмитрий Шостакович', 'Zoë O’Brien – “Trustee”'];
    const bytes = await renderPdf('Statement of holdings', (pdf) => {
      pdf.heading('Statement of holdings');
      pdf.facts([['Registration', names[0]!]]);
      pdf.paragraph(names[1]!);
      pdf.table(
        [
          { header: 'Holder', width: 250 },
          { header: 'Shares', width: 150, numeric: true },
        ],
        names.map((name, index) => [name, `${index + 1},000.5`]),
      );
    });
    const read = await readPdf(bytes);
    expect(read.title).toBe('Statement of holdings');
    expect(read.language).toBe('en-US');
    expect(read.tagged).toBe(true);
    for (const name of names) expect(read.text).toContain(name);
    expect(read.text).toContain('3,000.5');
    expect(fontFor(names[2]!)).toBe('Helvetica');
    expect(fontFor(names[0]!, true)).toBe('DejaVuSans-Bold');
  });

  it('cuts a cell too long for its column with an ellipsis and keeps numbers whole', async () => {
    const long = 'The Very Long Registration Name of a Family Trust Dated the First of January';
    const bytes = await renderPdf('Cells', (pdf) =>
      pdf.table(
        [
          { header: 'Name', width: 100 },
          { header: 'Shares', width: 100, numeric: true },
        ],
        [[long, '123,456,789.123456']],
      ),
    );
    const { text } = await readPdf(bytes);
    expect(text).toMatch(/The Very Long.*…/);
    expect(text).not.toContain(long);
    expect(text).toContain('123,456,789.123456');
  });
});
