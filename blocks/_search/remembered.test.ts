// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { writeSession } from '../../engine/render/visitor.ts';
import { favouritesKey } from '../_cars/local-lists.ts';
import { historyKey } from './history.ts';
import { sectionsKey } from './hooks.ts';
import { remembersVisitor } from './remembered.ts';

afterEach(() => {
  localStorage.clear();
  document.cookie
    .split(';')
    .forEach((c) => (document.cookie = `${c.split('=')[0].trim()}=; Max-Age=0; Path=/`));
});

describe('remembersVisitor (whether the search UI is needed at once)', () => {
  it('is false for a first visit', () => {
    expect(remembersVisitor('gold-coast-ford')).toBe(false);
  });

  it('is true with favourites, recent searches or saved filter sections on this site', () => {
    localStorage.setItem(favouritesKey('gold-coast-ford'), '["1"]');
    expect(remembersVisitor('gold-coast-ford')).toBe(true);
    localStorage.clear();
    localStorage.setItem(historyKey('gold-coast-ford'), '[]');
    expect(remembersVisitor('gold-coast-ford')).toBe(true);
    localStorage.clear();
    localStorage.setItem(sectionsKey('gold-coast-ford', 'search'), '{"make":false}');
    expect(remembersVisitor('gold-coast-ford')).toBe(true);
  });

  it("ignores another site's memory", () => {
    localStorage.setItem(favouritesKey('kiwi-car-yard'), '["1"]');
    localStorage.setItem(sectionsKey('gold-coast-ford-2', 'search'), '{}');
    expect(remembersVisitor('gold-coast-ford')).toBe(false);
  });

  it('is true for a signed-in visitor (watchlist)', () => {
    writeSession('gold-coast-ford', {
      phone_number: '0400000000',
      token: 't',
      site: 'gold-coast-ford',
      expires_at: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(remembersVisitor('gold-coast-ford')).toBe(true);
  });
});
