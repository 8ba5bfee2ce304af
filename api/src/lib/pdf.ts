import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * Documents for people (issue 30): tagged PDFs with real text, a title shown in the viewer's title bar and
 * the language set, so they are searchable, selectable and read by screen readers. Text in Windows-1252 uses
 * pdfkit's standard Helvetica (nothing embedded, the fastest); any other text (a holder named Łukasz, Дмитрий or
 * Nguyễn) uses DejaVu Sans, embedded as a subset of the glyphs used. Built in memory: a statement is a few pages.
 */
export interface PdfWriter {
  heading(text: string): void;
  subheading(text: string): void;
  paragraph(text: string, options?: { muted?: boolean }): void;
  /** Label and value pairs, one per line. */
  facts(rows: readonly (readonly [string, string])[]): void;
  /** A table with a header row, repeated on each page it runs onto; `numeric` columns align right. */
  table(columns: readonly { header: string; width: number; numeric?: boolean }[], rows: readonly string[][]): void;
}

const MARGIN = 54;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const UNICODE = 'DejaVuSans';
const UNICODE_BOLD = 'DejaVuSans-Bold';
const fontFiles = createRequire(import.meta.url);
const UNICODE_FILES = {
  [UNICODE]: fontFiles.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  [UNICODE_BOLD]: fontFiles.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
/** What the standard fonts can show: Windows-1252 (Latin-1 with its printable 0x80–0x9F replacements). */
const WIN_ANSI = /^[\n\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;
/** The font for a piece of text: the standard one when it can show every character, else the embedded one. */
export const fontFor = (text: string, bold = false) =>
  WIN_ANSI.test(text) ? (bold ? BOLD : FONT) : bold ? UNICODE_BOLD : UNICODE;
const MUTED = '#555555';
/** The space kept between a cell's text and the next column. */
const CELL_GAP = 6;
const TABLE_FONT_SIZE = 9;

export async function renderPdf(title: string, write: (pdf: PdfWriter) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    tagged: true,
    lang: 'en-US',
    displayTitle: true,
    info: { Title: title, Author: 'Ledgerwell', Subject: title },
    pdfVersion: '1.7',
  });
  for (const [name, file] of Object.entries(UNICODE_FILES)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const root = doc.struct('Document');
  doc.addStructure(root);
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;

  const block = (tag: string, draw: () => void) => root.add(doc.struct(tag, {}, draw));
  // Table cells repeat (dates, types, labels): each text's width is measured once per font (tables use one
  // size). pdfkit's measure walks every glyph pair for kerning, a tenth of a statement's time.
  const widths = new Map<string, number>();
  const widthOf = (text: string, font: string) => {
    const key = `${font}\0${text}`;
    let width = widths.get(key);
    if (width === undefined) {
      width = doc.widthOfString(text);
      widths.set(key, width);
    }
    return width;
  };
  /** The text and its width in the current font, cut with an ellipsis when wider than the cell. */
  const fitted = (text: string, room: number, font: string) => {
    const width = widthOf(text, font);
    if (width <= room) return { text, width };
    for (let end = text.length - 1; end > 0; end -= 1) {
      const cut = `${text.slice(0, end)}…`;
      const cutWidth = widthOf(cut, font);
      if (cutWidth <= room) return { text: cut, width: cutWidth };
    }
    return { text: '', width: 0 };
  };

  const writer: PdfWriter = {
    heading: (text) =>
      block('H1', () => doc.font(fontFor(text, true)).fontSize(18).fillColor('black').text(text, { width })),
    subheading: (text) =>
      block('H2', () => {
        doc.moveDown(0.8);
        doc.font(fontFor(text, true)).fontSize(13).fillColor('black').text(text, { width });
        doc.moveDown(0.3);
      }),
    paragraph: (text, options = {}) =>
      block('P', () =>
        doc
          .font(fontFor(text))
          .fontSize(10)
          .fillColor(options.muted ? MUTED : 'black')
          .text(text, { width, paragraphGap: 4 }),
      ),
    facts: (rows) => {
      for (const [label, value] of rows) {
        block('P', () => {
          doc.font(fontFor(label, true)).fontSize(10).fillColor('black').text(`${label}: `, { continued: true });
          doc.font(fontFor(value)).text(value, { width });
        });
      }
    },
    table: (columns, rows) => {
      const table = doc.struct('Table');
      root.add(table);
      const rowHeight = 16;
      const drawRow = (cells: string[], header: boolean) => {
        if (doc.y + rowHeight > bottom()) doc.addPage();
        const y = doc.y;
        const row = doc.struct('TR');
        table.add(row);
        // One size and colour per row: set outside the cells, they are not repeated in the content stream per cell.
        doc.fontSize(TABLE_FONT_SIZE).fillColor('black');
        let x = MARGIN;
        cells.forEach((cell, index) => {
          const column = columns[index]!;
          const left = x;
          row.add(
            doc.struct(header ? 'TH' : 'TD', {}, () => {
              // Placed by hand rather than through pdfkit's line wrapper, which costs far more per cell: a
              // statement has thousands of cells.
              const font = fontFor(cell, header);
              doc.font(font);
              const { text, width } = fitted(cell, column.width - CELL_GAP, font);
              doc.text(text, column.numeric ? left + column.width - CELL_GAP - width : left, y, { lineBreak: false });
            }),
          );
          x += column.width;
        });
        row.end();
        doc.x = MARGIN;
        doc.y = y + rowHeight;
      };
      drawRow(
        columns.map((column) => column.header),
        true,
      );
      for (const cells of rows) {
        const startsPage = doc.y + rowHeight > bottom();
        if (startsPage) {
          doc.addPage();
          drawRow(
            columns.map((column) => column.header),
            true,
          );
        }
        drawRow(cells, false);
      }
      table.end();
    },
  };
  write(writer);
  root.end();
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
