// Plain-text tables for the console: the bench output is meant to be read in a terminal and pasted into notes.

export type Cell = string | number;

function show(cell: Cell): string {
  if (typeof cell === 'number') {
    if (Number.isNaN(cell)) return '-';
    return Number.isInteger(cell) ? String(cell) : cell.toFixed(2);
  }
  return cell;
}

/** Numbers are right-aligned, text left-aligned. */
export function formatTable(title: string, header: string[], rows: Cell[][]): string {
  const cells = [header, ...rows.map((row) => row.map(show))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const numeric = header.map((_, column) => rows.length > 0 && rows.every((row) => typeof row[column] === 'number'));
  const line = (row: string[]) =>
    row.map((cell, column) => (numeric[column] ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join('  ').trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [`\n${title}`, line(header), rule, ...cells.slice(1).map(line)].join('\n');
}
