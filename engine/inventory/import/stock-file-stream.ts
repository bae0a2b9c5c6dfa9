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
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { once } from 'node:events';
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

const CARS_OPEN = ',"cars":[';
const CARS_CLOSE = ']}';

/** Writes the stock file atomically (a temporary file renamed over the old one), a car at a time. */
export async function writeStockFileStreaming(dataDir: string, file: StockFile): Promise<string> {
  const path = stockFilePath(dataDir, file.dealership_slug);
  mkdirSync(stockDir(dataDir), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  const { cars, ...head } = file;
  const out = createWriteStream(tmp);
  const put = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const turn = slicer();
  try {
    await put(`${JSON.stringify(head).slice(0, -1)}${CARS_OPEN}\n`);
    for (const [i, car] of cars.entries()) {
      await put(`${JSON.stringify(car)}${i < cars.length - 1 ? ',' : ''}\n`);
      await turn();
    }
    await put(`${CARS_CLOSE}\n`);
    out.end();
    await once(out, 'finish');
  } catch (err) {
    out.destroy();
    throw err;
  }
  renameSync(tmp, path);
  return path;
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
