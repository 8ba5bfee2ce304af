/** The headers of a file download: saved under its name, never cached, never sniffed as another type. */
export const downloadHeaders = (contentType: string, fileName: string) => ({
  'Content-Type': contentType,
  'Content-Disposition': `attachment; filename="${fileName}"`,
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
});
