/**
 * Stable orders of numbers in time linear in their count, for index builds: an attribute with
 * a number per car (ids, timestamps, prices, km) has about as many distinct numbers as cars,
 * and a comparison sort of them grows as n log n with a JS comparator call per comparison
 * (engine/search/README.md, "Index representation").
 *
 * A least-significant-digit radix sort over the bits of each double, made to sort as
 * unsigned integers (sign bit flipped for positives, every bit for negatives), one byte per
 * pass. A byte every number shares (most of a double's low mantissa for whole numbers) costs
 * no pass, so integers take two or three.
 */

const BYTES = 8;

/**
 * The positions of `keys`' first `count` numbers ordered by number, ascending; equal numbers
 * (0 and -0 included) keep their order. NaN is not a number to order: callers leave it out.
 */
export function orderByNumber(keys: ArrayLike<number>, count = keys.length): Uint32Array {
  // Sortable bits of each key: two 32-bit halves, low half first (little- or big-endian alike).
  const bits = new Uint32Array(count * 2);
  const one = new Float64Array(1);
  const halves = new Uint32Array(one.buffer);
  const lowFirst = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  for (let i = 0; i < count; i++) {
    // 0 and -0 are one number: the same bits.
    one[0] = keys[i] === 0 ? 0 : keys[i];
    let lo = lowFirst ? halves[0] : halves[1];
    let hi = lowFirst ? halves[1] : halves[0];
    if (hi & 0x80000000) {
      lo = ~lo;
      hi = ~hi;
    } else hi |= 0x80000000;
    bits[2 * i] = lo >>> 0;
    bits[2 * i + 1] = hi >>> 0;
  }
  // Every byte's histogram in one read.
  const counts = new Uint32Array(BYTES * 256);
  for (let i = 0; i < count; i++) {
    const lo = bits[2 * i];
    const hi = bits[2 * i + 1];
    for (let b = 0; b < 4; b++) {
      counts[b * 256 + ((lo >>> (8 * b)) & 255)]++;
      counts[(b + 4) * 256 + ((hi >>> (8 * b)) & 255)]++;
    }
  }
  let order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  let next = new Uint32Array(count);
  const start = new Uint32Array(256);
  for (let b = 0; b < BYTES; b++) {
    const base = b * 256;
    // A byte all keys share leaves the order as it is.
    let shared = false;
    for (let v = 0; v < 256; v++) if (counts[base + v] === count) shared = true;
    if (shared || count < 2) continue;
    let sum = 0;
    for (let v = 0; v < 256; v++) {
      start[v] = sum;
      sum += counts[base + v];
    }
    const word = b < 4 ? 0 : 1;
    const shift = 8 * (b % 4);
    for (let i = 0; i < count; i++) {
      const at = order[i];
      next[start[(bits[2 * at + word] >>> shift) & 255]++] = at;
    }
    [order, next] = [next, order];
  }
  return order;
}
