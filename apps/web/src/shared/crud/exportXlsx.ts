import type { Cell } from './params';

/**
 * Writes a sheet and hands it to the browser as a download. The writer (and its zip code) is loaded on
 * the first export only, so console pages don't carry it.
 */
export async function saveXlsx(rows: Cell[][], fileName: string) {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const widths = rows[0]!.map((_, i) =>
    Math.min(60, Math.max(8, ...rows.slice(0, 200).map((r) => String(r[i] ?? '').length + 2))),
  );
  await writeXlsxFile(rows, { columns: widths.map((width) => ({ width })) }).toFile(fileName);
}
