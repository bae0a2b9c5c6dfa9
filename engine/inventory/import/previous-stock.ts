/**
 * The stock the last import left, as the next import reads it (docs/cars.md, "Stock
 * import"): an index of the stock file by stock number and VIN holding where each car's line
 * is, not the car, so an import of a large dealership never holds its whole previous stock.
 * A car is read again from its line when the feed names it. The file stays open for the
 * import (a rename over it leaves this reading the file it indexed). A file in the old
 * layout (written whole, stock-file-stream.ts) is read whole and held.
 */
import { closeSync, createReadStream, existsSync, openSync, readSync } from 'node:fs';
import type { Car } from '../../../schemas/types.gen.ts';
import { readStockFile, STOCK_FILE_VERSION, stockFilePath, type StockFile } from '../stock-file.ts';
import { slicer } from './loop-turns.ts';
import { CARS_CLOSE, CARS_OPEN } from './stock-file-stream.ts';

export type StockHead = Omit<StockFile, 'cars'>;

/** Where a car's JSON is in the file (or, for a file read whole, the car). */
interface Entry {
  stocknum: string;
  offset: number;
  length: number;
  car?: Car;
}

export class PreviousStock {
  private readonly entries = new Map<string, Entry>();
  private readonly vins = new Map<string, string>();

  constructor(
    readonly head: StockHead,
    private readonly fd: number | undefined,
  ) {}

  get size() {
    return this.entries.size;
  }

  add(entry: Entry, vin: string) {
    this.entries.set(entry.stocknum, entry);
    if (!this.vins.has(vin)) this.vins.set(vin, entry.stocknum);
  }

  get(stocknum: string): Car | undefined {
    const entry = this.entries.get(stocknum);
    return entry && this.read(entry);
  }

  /** The stock number of the car with this VIN. */
  stocknumOfVin(vin: string): string | undefined {
    return this.vins.get(vin);
  }

  /** The stock numbers in the file's order. */
  stocknums(): IterableIterator<string> {
    return this.entries.keys();
  }

  private read(entry: Entry): Car {
    if (entry.car) return entry.car;
    const buf = Buffer.alloc(entry.length);
    readSync(this.fd!, buf, 0, entry.length, entry.offset);
    return JSON.parse(buf.toString('utf8')) as Car;
  }

  close() {
    if (this.fd !== undefined) closeSync(this.fd);
  }
}

/** The lines of a file with the byte offset each starts at (a car line holds no raw line break: JSON escapes it). */
async function* lines(fd: number): AsyncGenerator<{ offset: number; text: string }> {
  let pending: Buffer[] = [];
  let start = 0;
  let at = 0;
  const stream = createReadStream('', { fd, autoClose: false, start: 0 });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let from = 0;
    for (let nl = chunk.indexOf(0x0a); nl >= 0; nl = chunk.indexOf(0x0a, from)) {
      pending.push(chunk.subarray(from, nl));
      yield { offset: start, text: Buffer.concat(pending).toString('utf8') };
      pending = [];
      from = nl + 1;
      start = at + from;
    }
    if (from < chunk.length) pending.push(chunk.subarray(from));
    at += chunk.length;
  }
  if (pending.length) yield { offset: start, text: Buffer.concat(pending).toString('utf8') };
}

function wholeFile(dataDir: string, slug: string): PreviousStock | undefined {
  const file = readStockFile(dataDir, slug);
  if (!file) return undefined;
  const { cars, ...head } = file;
  const stock = new PreviousStock(head, undefined);
  for (const car of cars) stock.add({ stocknum: car.stocknum, offset: 0, length: 0, car }, car.vin);
  return stock;
}

/** The dealership's stock file indexed, or undefined when it has none. */
export async function openPreviousStock(
  dataDir: string,
  slug: string,
): Promise<PreviousStock | undefined> {
  const path = stockFilePath(dataDir, slug);
  if (!existsSync(path)) return undefined;
  const fd = openSync(path, 'r');
  let stock: PreviousStock | undefined;
  let closed = false;
  const turn = slicer();
  try {
    // Indexed and read through one descriptor: a rename over the file later (this import's
    // own write) leaves it reading the file it indexed.
    for await (const { offset, text } of lines(fd)) {
      if (!stock) {
        if (!text.endsWith(CARS_OPEN)) break;
        const head = JSON.parse(`${text.slice(0, -CARS_OPEN.length)}}`) as StockHead;
        if (head.version !== STOCK_FILE_VERSION || head.dealership_slug !== slug) break;
        stock = new PreviousStock(head, fd);
      } else if (text === CARS_CLOSE) closed = true;
      else if (!closed && text) {
        const json = text.replace(/,$/, '');
        const car = JSON.parse(json) as Car;
        stock.add({ stocknum: car.stocknum, offset, length: Buffer.byteLength(json) }, car.vin);
      }
      await turn();
    }
  } catch (err) {
    closeSync(fd);
    throw err;
  }
  if (stock && closed) return stock;
  closeSync(fd);
  return wholeFile(dataDir, slug);
}
