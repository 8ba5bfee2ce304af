import PDFDocument from 'pdfkit';

/**
 * Documents for people (issue 30): tagged PDFs with real text, a title shown in the viewer's title bar and
 * the language set, so they are searchable, selectable and read by screen readers. Built with pdfkit's
 * standard fonts (Latin text; nothing embedded), in memory: a statement is a few pages.
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
const MUTED = '#555555';

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

  const writer: PdfWriter = {
    heading: (text) => block('H1', () => doc.font(BOLD).fontSize(18).fillColor('black').text(text, { width })),
    subheading: (text) =>
      block('H2', () => {
        doc.moveDown(0.8);
        doc.font(BOLD).fontSize(13).fillColor('black').text(text, { width });
        doc.moveDown(0.3);
      }),
    paragraph: (text, options = {}) =>
      block('P', () =>
        doc
          .font(FONT)
          .fontSize(10)
          .fillColor(options.muted ? MUTED : 'black')
          .text(text, { width, paragraphGap: 4 }),
      ),
    facts: (rows) => {
      for (const [label, value] of rows) {
        block('P', () => {
          doc.font(BOLD).fontSize(10).fillColor('black').text(`${label}: `, { continued: true });
          doc.font(FONT).text(value, { width });
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
        let x = MARGIN;
        cells.forEach((cell, index) => {
          const column = columns[index]!;
          row.add(
            doc.struct(header ? 'TH' : 'TD', {}, () =>
              doc
                .font(header ? BOLD : FONT)
                .fontSize(9)
                .fillColor('black')
                .text(cell, x, y, {
                  width: column.width - 6,
                  align: column.numeric ? 'right' : 'left',
                  lineBreak: false,
                  ellipsis: !column.numeric,
                }),
            ),
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
