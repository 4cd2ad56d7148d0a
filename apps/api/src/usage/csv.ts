/**
 * One CSV line (RFC 4180): cells joined by commas, a cell quoted when it holds a comma, a quote
 * or a line break (quotes doubled), CRLF at the end; null is an empty cell. Text a spreadsheet
 * would run as a formula (`=`, `+`, `-`, `@` first) gets a leading `'`, as in the dashboard's
 * export; numbers are written as they are.
 */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
