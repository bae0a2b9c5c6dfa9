// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { clampWidth, PANELS, PANELS_KEY, readWidth, saveWidth } from './panel-widths.ts';

describe('panel widths', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a column between its narrowest and widest', () => {
    expect(clampWidth('left', 10)).toBe(PANELS.left.min);
    expect(clampWidth('right', 5000)).toBe(PANELS.right.max);
    expect(clampWidth('left', 333.4)).toBe(333);
  });

  it('remembers each side on its own, and ignores what it cannot read', () => {
    expect(readWidth('left')).toBe(PANELS.left.initial);
    saveWidth('left', 420);
    saveWidth('right', 500);
    expect(readWidth('left')).toBe(420);
    expect(readWidth('right')).toBe(500);
    localStorage.setItem(PANELS_KEY, '{"left":"wide"');
    expect(readWidth('left')).toBe(PANELS.left.initial);
    localStorage.setItem(PANELS_KEY, '{"left":99999}');
    expect(readWidth('left')).toBe(PANELS.left.max);
  });
});
