import { CsvError, parse } from 'csv-parse/sync';
import { IMPORT_MESSAGES } from '../../shared/imports';
import { badRequest } from './refusals';

export interface CsvRow {
  /** The line the row ends on, as an editor numbers them (a quoted value may span lines). */
  line: number;
  cells: string[];
}

/** A CSV file's rows, by csv-parse: a byte-order mark dropped, rows of uneven length taken as they are; a file it cannot read is malformed. */
export function csvRows(text: string): CsvRow[] {
  try {
    // With `info`, each record comes with what csv-parse knew when it made it (its types cannot say so).
    const records = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as unknown as Array<{
      record: string[];
      info: { lines: number };
    }>;
    return records.map(({ record, info }) => ({ line: info.lines, cells: record }));
  } catch (error) {
    if (error instanceof CsvError) throw badRequest(IMPORT_MESSAGES.malformed);
    throw error;
  }
}

/** The cell under each of the header's names (their case ignored), for one row. */
export function cellsByName(header: readonly string[], cells: readonly string[]): (name: string) => string {
  const index = new Map(header.map((name, at) => [name.trim().toLowerCase(), at]));
  return (name) => cells[index.get(name.toLowerCase()) ?? -1]?.trim() ?? '';
}
