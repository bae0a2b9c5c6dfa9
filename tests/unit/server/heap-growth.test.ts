/**
 * The server limits how far its heap grows past what is live (engine/server/heap-growth.ts):
 * the same churn in two child processes, once as V8 leaves it and once limited, and the
 * limited one holds a clearly smaller heap, so the setting takes effect in a running process.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const fixture = join(import.meta.dirname, 'fixtures/heap-churn.ts');
const peakOf = (mode: 'default' | 'limited') =>
  (
    JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', fixture, mode], { encoding: 'utf8' }),
    ) as { peakMb: number }
  ).peakMb;

describe('heap growth', () => {
  it('keeps the heap within a smaller margin over its live data than V8 does by default', () => {
    const unlimited = peakOf('default');
    const limited = peakOf('limited');
    expect(limited).toBeLessThan(unlimited * 0.75);
  }, 60_000);
});
