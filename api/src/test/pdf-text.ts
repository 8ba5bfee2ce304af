/**
 * Reads a PDF the way a viewer does (Mozilla's pdf.js): its text, page by page, its title and language.
 * Tests check every generated PDF's figures through this, so a PDF with text as images or shapes fails.
 */
// pdf.js 6 uses Promise.withResolvers, which Node 20 lacks: the same few lines the standard gives.
if (!('withResolvers' in Promise)) {
  Object.assign(Promise, {
    withResolvers<T>() {
      let resolve!: (value: T) => void;
      let reject!: (reason: unknown) => void;
      const promise = new Promise<T>((ok, fail) => {
        resolve = ok;
        reject = fail;
      });
      return { promise, resolve, reject };
    },
  });
}

export interface PdfText {
  title: string | undefined;
  language: string | undefined;
  /** Marked (tagged) for assistive technology. */
  tagged: boolean;
  pages: string[];
  /** Every page's text, lines joined by newlines. */
  text: string;
}

export async function readPdf(bytes: Uint8Array): Promise<PdfText> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const pdf = await task.promise;
  const { info } = (await pdf.getMetadata()) as { info: { Title?: string; Language?: string } };
  // pdf.js answers the catalog's MarkInfo as a Map.
  const marks = (await pdf.getMarkInfo()) as Map<string, unknown> | null;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    let page = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      page += item.str + (item.hasEOL ? '\n' : '');
    }
    pages.push(page);
  }
  await task.destroy();
  return {
    title: info.Title,
    language: info.Language,
    tagged: marks?.get('Marked') === true,
    pages,
    text: pages.join('\n'),
  };
}
