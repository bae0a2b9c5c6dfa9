/**
 * The stock file (engine/inventory/stock-file.ts) written and read a car at a time, so an
 * import of a large feed neither builds the whole file as one string nor holds the event
 * loop while it does (docs/cars.md, "Stock import"). The file is the same JSON as
 * `JSON.stringify(file)`, laid out one car per line:
 *
 *   {"version":1,…,"photos":{…},"cars":[
 *   {car},
 *   {car}
 *   ]}
 *
 * so any JSON reader reads it, and this one reads it line by line. A file in another layout
 * (written whole by an older import) is read whole.
 */
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  type WriteStream,
} from 'node:fs';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { slicer } from './loop-turns.ts';
import type { Car } from '../../../schemas/types.gen.ts';
import {
  readStockFile,
  STOCK_FILE_VERSION,
  stockDir,
  stockFilePath,
  type StockFile,
} from '../stock-file.ts';

const kept = new Set<string>();
process.once('exit', () => {
  for (const dir of kept) rmSync(dir, { recursive: true, force: true });
});

export const CARS_OPEN = ',"cars":[';
export const CARS_CLOSE = ']}';

/**
 * The cars of a stock file being made, written a line at a time to a file of their own
 * (an import's result is never held whole): `finish` puts the head, which is known only at
 * the end (the next serial, the photos), before them in the stock file.
 */
export class CarLines {
  count = 0;
  private readonly out: WriteStream;
  private readonly turn = slicer();

  constructor(readonly path: string) {
    this.out = createWriteStream(path);
  }

  /** Lines in a folder of their own in the system's temporary folder (a dry run writes nothing in the data folder). */
  static temporary(): CarLines {
    return new CarLines(join(mkdtempSync(join(tmpdir(), 'forecourt-import-')), 'cars'));
  }

  async discard() {
    await this.close();
    rmSync(dirname(this.path), { recursive: true, force: true });
  }

  async keepUntilExit() {
    await this.close();
    kept.add(dirname(this.path));
  }

  async put(car: Car | string) {
    const json = typeof car === 'string' ? car : JSON.stringify(car);
    if (!this.out.write(`${this.count++ ? ',\n' : ''}${json}`)) await once(this.out, 'drain');
    await this.turn();
  }

  async close() {
    if (this.out.closed) return;
    this.out.end(this.count ? '\n' : '');
    await once(this.out, 'close');
  }

  /** The cars written, read back whole (a dry run's report). */
  read(): Car[] {
    return readFileSync(this.path, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line.replace(/,$/, '')) as Car);
  }

  /** Writes the stock file atomically (a temporary file renamed over the old one): `head`, then these cars. */
  async finish(dataDir: string, head: Omit<StockFile, 'cars'>): Promise<string> {
    await this.close();
    const path = stockFilePath(dataDir, head.dealership_slug);
    mkdirSync(stockDir(dataDir), { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    const out = createWriteStream(tmp);
    out.write(`${JSON.stringify(head).slice(0, -1)}${CARS_OPEN}\n`);
    await pipeline(createReadStream(this.path), out, { end: false });
    out.end(`${CARS_CLOSE}\n`);
    await once(out, 'close');
    renameSync(tmp, path);
    return path;
  }
}

/** The stock file of a dealership, or undefined; read a car at a time when it is laid out so. */
export async function readStockFileStreaming(
  dataDir: string,
  dealershipSlug: string,
): Promise<StockFile | undefined> {
  const path = stockFilePath(dataDir, dealershipSlug);
  if (!existsSync(path)) return undefined;
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  const turn = slicer();
  let head: Omit<StockFile, 'cars'> | undefined;
  const cars: Car[] = [];
  let closed = false;
  let layout = true;
  for await (const line of lines) {
    if (!head) {
      if (!line.endsWith(CARS_OPEN)) {
        layout = false;
        break;
      }
      head = JSON.parse(`${line.slice(0, -CARS_OPEN.length)}}`) as Omit<StockFile, 'cars'>;
    } else if (line === CARS_CLOSE) closed = true;
    else if (!closed) cars.push(JSON.parse(line.replace(/,$/, '')) as Car);
    await turn();
  }
  lines.close();
  if (!layout || !head || !closed) return readStockFile(dataDir, dealershipSlug);
  const file = { ...head, cars } as StockFile;
  // The same checks as the whole-file reader.
  if (file.version !== STOCK_FILE_VERSION || file.dealership_slug !== dealershipSlug)
    return readStockFile(dataDir, dealershipSlug);
  return file;
}
