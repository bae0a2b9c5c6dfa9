/**
 * A feed read with bounded memory (docs/cars.md, "Stock import"; the rules of each row are
 * feed.ts's). A CSV streams through csv-parse twice: the first pass reads the whole file
 * for its shape only (well formed, not cut short, at most MAX_FEED_CARS cars) and keeps
 * nothing; only a feed that passes is read again row by row into cars. A refused feed
 * therefore fetches no photo and marks no car sold. Both passes give the event loop a turn
 * every few milliseconds, so a large feed never holds a process that serves anything else.
 */
import { closeSync, createReadStream, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { slicer } from './loop-turns.ts';
import { parse } from 'csv-parse';
import {
  csvDelimiter,
  csvOptions,
  FEED_MESSAGES,
  FeedError,
  isBlankRecord,
  MAX_FEED_CARS,
  MAX_JSON_FEED_BYTES,
  readJsonFeed,
  recordToRow,
  checkHeader,
  unusedColumnsOf,
  type FeedRow,
} from './feed.ts';

/** Where a feed's bytes come from: a file, or text already in memory (tests). */
export interface FeedInput {
  /** Its file name or address (a `.json` name says JSON). */
  name: string;
  size: number;
  /** Its first 64 kB as text (the format and the CSV separator are told from them). */
  head(): string;
  open(): Readable;
  /** All of it (JSON feeds, held to MAX_JSON_FEED_BYTES). */
  text(): string;
}

const HEAD_BYTES = 64 * 1024;

export function fileInput(path: string, name = path): FeedInput {
  const size = statSync(path).size;
  return {
    name,
    size,
    head() {
      const fd = openSync(path, 'r');
      try {
        const buf = Buffer.alloc(Math.min(size, HEAD_BYTES));
        return buf.subarray(0, readSync(fd, buf, 0, buf.length, 0)).toString('utf8');
      } finally {
        closeSync(fd);
      }
    },
    open: () => createReadStream(path),
    text: () => readFileSync(path, 'utf8'),
  };
}

export function textInput(text: string, name: string): FeedInput {
  const bytes = Buffer.from(text, 'utf8');
  return {
    name,
    size: bytes.length,
    head: () => text.slice(0, HEAD_BYTES),
    open: () => Readable.from([bytes]),
    text: () => text,
  };
}

export interface OpenedFeed {
  /** Columns (or JSON keys) that fill no car field. */
  unusedColumns: string[];
  /** The cars the feed lists (its rows that are not blank). */
  count: number;
  /** The rows, read again from the start each time. */
  rows(): AsyncIterable<FeedRow>;
}

/** Every record of a CSV with its place after the header (from 0), header first as -1. */
async function* records(input: FeedInput, delimiter: string, ends?: { lineBreak: boolean }) {
  const source = input.open();
  const parser = parse(csvOptions(delimiter));
  source.on('error', (err) => parser.destroy(err));
  if (ends)
    source.on('data', (chunk: Buffer) => {
      const last = chunk[chunk.length - 1];
      ends.lineBreak = last === 0x0a || last === 0x0d;
    });
  source.pipe(parser);
  const turn = slicer();
  let index = -1;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      yield { index: index++, record };
      await turn();
    }
  } catch (err) {
    if (err instanceof FeedError) throw err;
    throw new FeedError(`The CSV could not be read: ${(err as Error).message}`);
  } finally {
    source.destroy();
    parser.destroy();
  }
}

/** The first pass: the header, and the number of cars, of a CSV found well formed. */
async function scanCsv(input: FeedInput, delimiter: string) {
  const ends = { lineBreak: false };
  let header: string[] | undefined;
  let count = 0;
  let last = { index: -1, cells: 0 };
  for await (const { index, record } of records(input, delimiter, ends)) {
    if (index < 0) {
      header = checkHeader(record);
      continue;
    }
    if (isBlankRecord(record)) continue;
    if (++count > MAX_FEED_CARS) throw new FeedError(FEED_MESSAGES.tooMany);
    last = { index, cells: record.length };
  }
  header = checkHeader(header);
  if (count && last.cells < header.length && !ends.lineBreak)
    throw new FeedError(FEED_MESSAGES.cutShort(last.index + 2, last.cells, header.length));
  return { header, count };
}

async function openCsv(input: FeedInput): Promise<OpenedFeed> {
  const delimiter = csvDelimiter(input.head());
  const { header, count } = await scanCsv(input, delimiter);
  return {
    unusedColumns: unusedColumnsOf(header),
    count,
    async *rows() {
      let seen = 0;
      for await (const { index, record } of records(input, delimiter)) {
        if (index < 0 || isBlankRecord(record)) continue;
        seen++;
        yield recordToRow(header, record, index);
      }
      // A file rewritten between the two passes is not the feed that was checked.
      if (seen !== count) throw new FeedError(FEED_MESSAGES.changed);
    },
  };
}

/** A feed by its name (.json) or, for a name that says nothing (`…/stock?format=json`), by its first character. */
export async function openFeed(input: FeedInput): Promise<OpenedFeed> {
  const json = /\.json$/i.test(input.name.split(/[?#]/)[0]) || /^\uFEFF?\s*[[{]/.test(input.head());
  if (!json) return openCsv(input);
  if (input.size > MAX_JSON_FEED_BYTES) throw new FeedError(FEED_MESSAGES.jsonTooLarge);
  const feed = readJsonFeed(input.text());
  if (feed.rows.length > MAX_FEED_CARS) throw new FeedError(FEED_MESSAGES.tooMany);
  return {
    unusedColumns: feed.unusedColumns,
    count: feed.rows.length,
    async *rows() {
      const turn = slicer();
      for (const row of feed.rows) {
        yield row;
        await turn();
      }
    },
  };
}
