// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { EDITOR_SOURCE, sendNow, type ToPreview } from './protocol.ts';

const msg: ToPreview = {
  source: EDITOR_SOURCE,
  type: 'patch',
  patches: [{ kind: 'props', blockId: 'b', changes: { heading: 'Hi' } }],
  revision: 3,
} as ToPreview;

describe('sendNow: the fast path hands its patch to the preview within the task', () => {
  it('dispatches the message event postMessage would bring, at once, with a copy of the data made in the preview', () => {
    const got: MessageEvent[] = [];
    const clone = vi.fn((v: unknown) => structuredClone(v));
    const preview = {
      MessageEvent,
      structuredClone: clone,
      dispatchEvent: (e: MessageEvent) => got.push(e),
      postMessage: vi.fn(),
    };
    sendNow(preview as unknown as Window, msg);
    expect(got).toHaveLength(1);
    expect(got[0].type).toBe('message');
    expect(got[0].origin).toBe(location.origin);
    expect(got[0].source).toBe(window);
    expect(got[0].data).toEqual(msg);
    expect(got[0].data).not.toBe(msg);
    expect(clone).toHaveBeenCalledWith(msg);
    expect(preview.postMessage).not.toHaveBeenCalled();
  });

  it('posts it when the preview cannot be reached directly (another origin)', () => {
    const postMessage = vi.fn();
    const preview = {
      get MessageEvent(): never {
        throw new DOMException('Blocked a frame', 'SecurityError');
      },
      postMessage,
    };
    sendNow(preview as unknown as Window, msg);
    expect(postMessage).toHaveBeenCalledWith(msg, location.origin);
  });
});
