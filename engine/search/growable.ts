/**
 * An Int32Array that grows by doubling: index builds collect millions of numbers without a
 * JS array (8 bytes and a boxed slot each) or its garbage. Read `data` up to `length`.
 */
export class GrowableInts {
  data: Int32Array;
  length = 0;

  constructor(capacity = 16) {
    this.data = new Int32Array(Math.max(1, capacity));
  }

  /** Room for at least `capacity` numbers. */
  reserve(capacity: number) {
    if (capacity <= this.data.length) return;
    const next = new Int32Array(capacity);
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }

  push(value: number) {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
}
