/**
 * A feed read with bounded memory (docs/cars.md, "Stock import"; the rules of each row are
 * feed.ts's). A CSV streams through csv-parse twice: the first pass reads the whole file
 * for its shape only (well formed, not cut short, at most MAX_FEED_CARS cars) and keeps
 * nothing; only a feed that passes is read again row by row into cars. A refused feed
 * therefore fetches no photo and marks no car sold. A JSON feed is read the same way, a car
 * object at a time (stream-json's array streamer). Both passes give the event loop a turn
 * every few milliseconds, so a large feed never holds a process that serves anything else.
 */
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { slicer } from './loop-turns.ts';
import { parse } from 'csv-parse';
import streamArray from 'stream-json/streamers/stream-array.js';
import {
  csvDelimiter,
  csvOptions,
  FEED_MESSAGES,
  FeedError,
  isBlankRecord,
  MAX_FEED_CARS,
  MAX_RECORD_BYTES,
  jsonItemToRow,
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
  };
}

export function textInput(text: string, name: string): FeedInput {
  const bytes = Buffer.from(text, 'utf8');
  return {
    name,
    size: bytes.length,
    head: () => text.slice(0, HEAD_BYTES),
    open: () => Readable.from([bytes]),
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

/** A feed's bytes without a byte order mark, refused when one car's bytes pass MAX_RECORD_BYTES (`since` counts them; the reader resets it at each car). */
async function* jsonBytes(source: Readable, since: { bytes: number; item: number }) {
  let first = true;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    const bytes =
      first && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf
        ? chunk.subarray(3)
        : chunk;
    first = false;
    since.bytes += bytes.length;
    if (since.bytes > MAX_RECORD_BYTES)
      throw new FeedError(FEED_MESSAGES.jsonCarTooLarge(since.item + 1));
    yield bytes;
  }
}

/** Every item of a JSON feed's array with its place (from 0), a car object at a time. */
async function* jsonItems(input: FeedInput) {
  const source = input.open();
  const since = { bytes: 0, item: 0 };
  const bytes = Readable.from(jsonBytes(source, since));
  const parser = streamArray.withParserAsStream();
  bytes.on('error', (err) => parser.destroy(err));
  bytes.pipe(parser);
  const turn = slicer();
  try {
    for await (const { key, value } of parser as AsyncIterable<{ key: number; value: unknown }>) {
      since.bytes = 0;
      since.item = key + 1;
      yield { index: key, item: value };
      await turn();
    }
  } catch (err) {
    if (err instanceof FeedError) throw err;
    const message = (err as Error).message;
    throw new FeedError(
      /should be an array/.test(message)
        ? FEED_MESSAGES.notArray
        : `The JSON could not be read: ${message}`,
    );
  } finally {
    source.destroy();
    bytes.destroy();
    parser.destroy();
  }
}

/** A JSON feed, read twice as a CSV is: its shape first (well formed, its count, its unused keys), then its rows. */
async function openJson(input: FeedInput): Promise<OpenedFeed> {
  const unused = new Set<string>();
  let count = 0;
  for await (const { index, item } of jsonItems(input)) {
    if (++count > MAX_FEED_CARS) throw new FeedError(FEED_MESSAGES.tooMany);
    jsonItemToRow(item, index, unused);
  }
  return {
    unusedColumns: [...unused],
    count,
    async *rows() {
      let seen = 0;
      for await (const { index, item } of jsonItems(input)) {
        seen++;
        yield jsonItemToRow(item, index, new Set());
      }
      if (seen !== count) throw new FeedError(FEED_MESSAGES.changed);
    },
  };
}

/** A feed by its name (.json) or, for a name that says nothing (`…/stock?format=json`), by its first character. */
export async function openFeed(input: FeedInput): Promise<OpenedFeed> {
  const json = /\.json$/i.test(input.name.split(/[?#]/)[0]) || /^\uFEFF?\s*[[{]/.test(input.head());
  return json ? openJson(input) : openCsv(input);
}
