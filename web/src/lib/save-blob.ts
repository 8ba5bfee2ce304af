/** Saves a Blob under a file name through a temporary link (the download attribute). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the time to start the download before the address is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
