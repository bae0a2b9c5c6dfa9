/** The car rules (rules.ts): masked phones, cut descriptions, comments, specs and lists. */
import { describe, expect, it } from 'vitest';
import {
  commentSections,
  cutText,
  feetFromBadge,
  feetToMetres,
  hasValue,
  listView,
  maskPhone,
  regoExpiryFuture,
  specRows,
  toggleWords,
} from './rules.ts';
import { features, NOW } from './test-cars.ts';

describe('masks, cuts and lists', () => {
  it('phone mask keeps the first 5 characters', () => {
    expect(maskPhone('0412 345 678')).toBe('0412 *******');
    expect(maskPhone('(07) 5555 0101')).toBe('(07) *********');
    expect(maskPhone('123')).toBe('123');
    expect(maskPhone(null)).toBe('');
  });
  it('description cut at 400 characters', () => {
    const short = 'a'.repeat(400);
    expect(cutText(short)).toEqual({ text: short, cut: false });
    const long = 'word '.repeat(100);
    const r = cutText(long);
    expect(r.cut).toBe(true);
    expect(r.text.length).toBeLessThanOrEqual(401);
    expect(r.text.endsWith('…')).toBe(true);
  });
  it('dealer comments split on |, empty sections dropped', () => {
    expect(commentSections('One owner.| |Full history.|')).toEqual(['One owner.', 'Full history.']);
    expect(commentSections('')).toEqual([]);
    expect(commentSections(null)).toEqual([]);
  });
  it('empty, null and "null" specs are hidden', () => {
    expect([null, undefined, '', '  ', 'null', 'NULL', NaN].map(hasValue)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([0, 'x', false].map(hasValue)).toEqual([true, true, true]);
    expect(
      specRows([
        { label: 'A', value: 'null' },
        { label: 'B', value: 4 },
        { label: 'C', value: '' },
      ]),
    ).toEqual([{ label: 'B', value: '4' }]);
  });
  it('lists show 4 then toggle; wording per site', () => {
    const items = [1, 2, 3, 4, 5, 6];
    expect(listView(items, false)).toEqual({ shown: [1, 2, 3, 4], hasToggle: true });
    expect(listView(items, true)).toEqual({ shown: items, hasToggle: true });
    expect(listView([1, 2, 3, 4], false)).toEqual({ shown: [1, 2, 3, 4], hasToggle: false });
    expect(toggleWords(features())).toEqual({ more: 'Show More', less: 'Show Less' });
    expect(toggleWords(features({ specToggleWording: 'Show All' }))).toEqual({
      more: 'Show All',
      less: 'Hide',
    });
  });
  it('feet to metres at 0.3048', () => {
    expect(feetToMetres(19)).toBe(5.79);
    expect(feetToMetres(10)).toBe(3.05);
    expect(feetFromBadge('19ft')).toBe(19);
    expect(feetFromBadge("21'")).toBe(21);
    expect(feetFromBadge('XLT')).toBeUndefined();
  });
  it('rego expiry only in the future', () => {
    expect(regoExpiryFuture('2026-06-16', NOW)).toBe(true);
    expect(regoExpiryFuture('2026-06-15', NOW)).toBe(true); // until the end of that day
    expect(regoExpiryFuture('2026-06-14', NOW)).toBe(false);
    expect(regoExpiryFuture(null, NOW)).toBe(false);
  });
});
