/**
 * Sharing a picture the server made (a result card, a group's table): phones share the file
 * (the Web Share API with files); elsewhere it is saved, through a link the browser downloads.
 */

/** Whether this browser can share `file` (on a phone only, when `phoneOnly`). */
export function sharesFiles(file: File, { phoneOnly = false } = {}): boolean {
  const phone = window.matchMedia?.('(pointer: coarse)').matches ?? false;
  return (
    (!phoneOnly || phone) &&
    typeof navigator.share === 'function' &&
    !!navigator.canShare?.({ files: [file] })
  );
}

/** Saves the file as a download. */
export function saveFile(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the URL is not needed afterwards.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
