// @vitest-environment jsdom
/**
 * A dealer page's first script (engine/render/start.ts): the page's modules are asked for after
 * the server's HTML has been drawn, the entry first, a few modules per task.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPage } from '../../../engine/render/start.ts';
import { pageDocument } from '../../../engine/server/html.ts';
import { barePage } from './bare-page.ts';

const modules = Array.from({ length: 14 }, (_, i) => `/build/m${i}.js`);

/** The start script of a page document the server wrote with these assets. */
function startScript(entry = '/build/site.js', preload = modules): HTMLScriptElement {
  const page = barePage({ html: '<main><h1>Cars</h1></main>', title: 'Cars' });
  const html = pageDocument(
    page,
    { css: [], preload, entry, start: '/build/start.js' },
    'https://d.test/',
  );
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const script = body.querySelector<HTMLScriptElement>('script[src="/build/start.js"]');
  if (!script) throw new Error('the document has no start script');
  return script;
}

let frames: FrameRequestCallback[] = [];
/** Draws one frame: runs the callbacks asked for before it. */
async function drawFrame() {
  const due = frames;
  frames = [];
  due.forEach((callback) => callback(performance.now()));
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  // Timers only: this file draws the frames itself (the stub below), and the window is shared
  // with the next file, whose frames must be the browser's own again.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the start script', () => {
  it('asks for nothing until two frames are drawn, then for the entry first and the modules a few per task', async () => {
    const asked: string[] = [];
    const load = vi.fn(async (href: string) => void asked.push(href));
    void startPage(startScript(), load);
    await drawFrame();
    expect(asked).toEqual([]);
    // The first frame is on screen once the next one starts; nothing has run a task since.
    frames.splice(0).forEach((callback) => callback(performance.now()));
    await Promise.resolve();
    await Promise.resolve();
    expect(asked[0]).toBe('/build/site.js');
    const firstTask = asked.length - 1;
    expect(firstTask).toBeGreaterThan(0);
    expect(firstTask).toBeLessThanOrEqual(6);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked.length - 1).toBeGreaterThan(firstTask);
    await vi.runAllTimersAsync();
    expect(asked).toEqual(['/build/site.js', ...modules]);
  });

  it('starts at once in a hidden tab, which draws no frames', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const load = vi.fn(async () => {});
    void startPage(startScript(), load);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledWith('/build/site.js');
    expect(frames).toEqual([]);
  });

  it('starts after a second when no frame comes', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    const load = vi.fn(async () => {});
    void startPage(startScript(), load);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledWith('/build/site.js');
  });

  it('leaves a module that fails to load to the entry, which imports the ones it needs', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const load = vi.fn(async (href: string) => {
      if (href === modules[3]) throw new Error('offline');
    });
    const started = startPage(startScript(), load);
    await vi.runAllTimersAsync();
    await expect(started).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(modules.length + 1);
  });

  it('fails when the entry fails: the page cannot hydrate', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const started = startPage(startScript(), async (href) => {
      if (href === '/build/site.js') throw new Error('offline');
    });
    const outcome = expect(started).rejects.toThrow('offline');
    await vi.runAllTimersAsync();
    await outcome;
  });

  it('refuses a script that names no entry', async () => {
    const script = document.createElement('script');
    await expect(startPage(script, async () => {})).rejects.toThrow(/names no entry/);
  });
});
