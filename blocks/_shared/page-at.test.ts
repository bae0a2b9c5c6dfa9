import { describe, expect, it } from 'vitest';
import { pageAt } from './page-at.ts';

describe('pageAt', () => {
  const pages = [
    { id: 'any', path: '*' },
    { id: 'cars', path: '/cars/*' },
    { id: 'car', path: '/cars/:slug' },
    { id: 'make', path: '/search/:make' },
  ];
  it('ranks like the site router: a parameter before a splat, the catch-all last', () => {
    expect(pageAt(pages, '/cars/ranger-1')?.id).toBe('car');
    expect(pageAt(pages, '/cars/a/b')?.id).toBe('cars');
    expect(pageAt(pages, '/search/ford')?.id).toBe('make');
    expect(pageAt(pages, '/nowhere')?.id).toBe('any');
  });
  it('finds nothing where no page matches', () => {
    expect(pageAt(pages.slice(1), '/nowhere')).toBeUndefined();
  });
});
