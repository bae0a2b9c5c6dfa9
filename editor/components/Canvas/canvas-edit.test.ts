import { describe, expect, it } from 'vitest';
import { editedProps } from './canvas-edit.ts';

describe('a text edited on the canvas', () => {
  it('sets the one value in the stored props, sharing the rest', () => {
    const buttons = [{ label: 'Book', href: '/book' }];
    const props = { heading: 'Old', buttons };
    const next = editedProps(props, ['heading'], 'New')!;
    expect(next).toEqual({ heading: 'New', buttons });
    expect(next.buttons).toBe(buttons);
    expect(props.heading).toBe('Old');
  });

  it('sets a list item’s text, and leaves a prop out when emptied', () => {
    expect(editedProps({ items: [{ q: 'a' }, { q: 'b' }] }, ['items', 1, 'q'], 'B')).toEqual({
      items: [{ q: 'a' }, { q: 'B' }],
    });
    expect(editedProps({ heading: 'x', text: 'y' }, ['text'], undefined)).toEqual({ heading: 'x' });
    expect(editedProps(undefined, ['heading'], 'First')).toEqual({ heading: 'First' });
  });

  it('does not make up a list the document does not hold (it came from a default)', () => {
    expect(editedProps({ heading: 'x' }, ['items', 0, 'q'], 'A')).toBeUndefined();
  });
});
