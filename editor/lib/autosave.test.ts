// @vitest-environment jsdom
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { createAutosaver, discardDraft, loadDraft, saveDraft, savedSince } from './autosave.ts';
import { site } from './store/test-kit.ts';

describe('autosave', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a draft per site and gives it back', () => {
    const doc = site();
    expect(saveDraft('test-site', doc, 'v1')).toBeUndefined();
    expect(loadDraft('test-site')).toMatchObject({ slug: 'test-site', doc, baseVersion: 'v1' });
    expect(loadDraft('other')).toBeUndefined();
    discardDraft('test-site');
    expect(loadDraft('test-site')).toBeUndefined();
  });

  it('tells a save by someone since from a version moved by an image upload alone', () => {
    const saved = site();
    const edited = { ...saved, name: 'Edited here' };
    saveDraft('test-site', edited, 'v1', undefined, saved);
    const draft = loadDraft('test-site')!;
    // The same version: nothing happened since.
    expect(savedSince(draft, 'v1', saved)).toBe(false);
    // A new version whose document is the same (keys in another order too): an upload.
    const reordered = Object.fromEntries(Object.entries(structuredClone(saved)).reverse());
    expect(savedSince(draft, 'v2', reordered)).toBe(false);
    // A new version with another document: saved by someone.
    expect(savedSince(draft, 'v2', { ...saved, name: 'Saved elsewhere' })).toBe(true);
    // A draft kept before the fingerprint: any new version counts, as before.
    saveDraft('test-site', edited, 'v1');
    expect(savedSince(loadDraft('test-site')!, 'v2', saved)).toBe(true);
  });

  it('ignores a corrupt stored draft', () => {
    localStorage.setItem('forecourt:editor:draft:test-site', '{nope');
    expect(loadDraft('test-site')).toBeUndefined();
  });

  it('writes at most once per pause and at once on flush', () => {
    vi.useFakeTimers();
    const write = vi.fn();
    const saver = createAutosaver(write, 300);
    saver.schedule();
    saver.schedule();
    vi.advanceTimersByTime(299);
    expect(write).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(write).toHaveBeenCalledTimes(1);
    saver.schedule();
    saver.flush();
    expect(write).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('reports when the browser refuses to store the draft', () => {
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(saveDraft('test-site', site())).toMatch(/could not be kept/);
    spy.mockRestore();
  });
});
