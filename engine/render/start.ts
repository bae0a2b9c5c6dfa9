/**
 * A dealer page's first script: it asks for the page's JavaScript once the server's HTML is on
 * screen, so the first paint and the main photo do not wait for, or share the phone's
 * connection with, the scripts that hydrate the page (docs/render.md, "Scripts after the
 * first paint").
 */
import { START_ENTRY_ATTR, START_MODULES_ATTR } from './start-attrs.ts';

/** Longest wait for the first frames: a busy phone's first paint can be late, not this late. */
const FIRST_FRAMES_WAIT_MS = 1000;

/**
 * Modules asked for in one task. Starting a module's fetch costs the main thread a few
 * milliseconds on a slow phone; thirty in one task made a task of 70–150 ms at 4× CPU.
 */
const MODULES_PER_TASK = 6;

/**
 * Resolves once the browser reports the first contentful paint, or, where it reports no paints,
 * after two frames; at once in a hidden tab, which draws none; after a second at the latest.
 * Two frames alone were not enough: on a busy machine a frame is shown after its callbacks ran,
 * so the modules were sometimes asked for before the paint they were meant to follow.
 */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    setTimeout(resolve, FIRST_FRAMES_WAIT_MS);
    if (
      typeof PerformanceObserver === 'function' &&
      PerformanceObserver.supportedEntryTypes?.includes('paint')
    ) {
      const observer = new PerformanceObserver((list) => {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        resolve();
      });
      observer.observe({ type: 'paint', buffered: true });
    } else requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
  });
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const importModule = (href: string): Promise<unknown> => import(/* @vite-ignore */ href);

/**
 * Runs the entry (which hydrates the page) and fetches the page's other modules side by side,
 * a few per task. Their own failures are the entry's to report: it imports the ones it needs.
 */
export async function startPage(script: HTMLScriptElement, load = importModule): Promise<void> {
  const entry = script.getAttribute(START_ENTRY_ATTR);
  if (!entry) throw new Error('forecourt: the start script names no entry');
  const modules = (script.getAttribute(START_MODULES_ATTR) ?? '').split(' ').filter(Boolean);
  await afterFirstPaint();
  const started = load(entry);
  // Awaited below, after the modules are asked for: a failure is reported once, there.
  started.catch(() => {});
  for (let at = 0; at < modules.length; at += MODULES_PER_TASK) {
    for (const href of modules.slice(at, at + MODULES_PER_TASK)) load(href).catch(() => {});
    await nextTask();
  }
  await started;
}

const script = document.querySelector<HTMLScriptElement>(`script[${START_ENTRY_ATTR}]`);
if (script) void startPage(script);
