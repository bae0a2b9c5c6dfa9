/**
 * The generated forms in staff language (docs/editor-design.md, "Forms"): an empty optional group
 * of fields is not marked required, list items are named by their content, anyOf options by
 * their titles and option labels, and a field's problem shows once, in plain words, at it.
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { EditorStore } from '../lib/store/index.ts';
import type { IssuesValue } from '../lib/hooks.ts';
import { mapIssues } from '../lib/issues.ts';
import { BlockInspector } from './Inspector/index.ts';
import type { Doc } from '../lib/doc.ts';
import { unitSite } from '../lib/test-fixtures.ts';
import { isEmptyValue } from './form-templates.tsx';
import { inEditor } from './test-editor-contexts.tsx';

function open(block: Doc, issues: (doc: Doc) => IssuesValue['issues'] = () => []) {
  const doc = unitSite([block]);
  const store = new EditorStore({ slug: 'unit-site', doc });
  act(() => store.select(String(block.id)));
  render(inEditor(store, <BlockInspector />, issues(store.getState().resolved)));
  return store;
}

const labelOf = (id: string) => document.querySelector(`label[for="${id}"]`)?.textContent;

describe('optional groups of fields', () => {
  it('an empty optional picture shows its fields without required marks', () => {
    open({ type: 'hero', id: 'hero', props: { heading: 'Hello' } });
    expect(labelOf('root_image_alt')).toBe('Picture description');
    expect(document.querySelector('#root_image_alt')?.hasAttribute('required')).toBe(false);
    // The block's own required field keeps its mark.
    expect(labelOf('root_heading')).toBe('Heading*');
  });

  it('once staff start filling it in, its required fields are marked', () => {
    open({
      type: 'hero',
      id: 'hero',
      props: { heading: 'Hello', image: { src: '/assets/a.png' } },
    });
    expect(labelOf('root_image_alt')).toBe('Picture description*');
    expect(labelOf('root_image_width')).toBe('Width (pixels)');
  });

  it('knows what counts as empty', () => {
    expect([undefined, '', [], {}, { src: undefined, alt: '' }].every(isEmptyValue)).toBe(true);
    expect([0, false, 'x', { alt: 'x' }, [1]].some(isEmptyValue)).toBe(false);
  });
});

describe('list items', () => {
  it('are named by their content, else their place, never "Button links-1*"', () => {
    open({
      type: 'hero',
      id: 'hero',
      props: {
        heading: 'Hello',
        actions: [{ label: 'Used cars', href: '/used' }, { href: '/new' }],
      },
    });
    const legends = [...document.querySelectorAll('legend')].map((l) => l.textContent);
    expect(legends).toContain('Used cars');
    expect(legends).toContain('2nd item');
    expect(legends.some((l) => /Button links-\d|\*$/.test(l ?? '') && l !== 'Heading*')).toBe(
      false,
    );
  });
});

describe('anyOf options', () => {
  it('are labelled by their titles and show their option labels', () => {
    open({ type: 'locations', id: 'locations', props: { filter: 'service' } });
    const options = [...document.querySelectorAll('select option')].map((o) => o.textContent);
    expect(options).toEqual(
      expect.arrayContaining([
        'Kind of location',
        'One location (id)',
        'Service centres',
        'All locations',
      ]),
    );
    expect(options.some((o) => /^Option \d/.test(o ?? ''))).toBe(false);
    // The choice of option is named by the field, the chosen option's select by the option.
    screen.getByRole('combobox', { name: 'Locations shown' });
    expect(screen.getByRole('combobox', { name: 'Kind of location' }).id).toBe('root_filter');
  });
});

describe('problems at the field', () => {
  it('shows the plain message once, beside its field', () => {
    open({ type: 'model-cards', id: 'cards', props: { limit: 500 } }, (doc) =>
      mapIssues(doc, [
        {
          path: '/pages/0/blocks/0/props/limit',
          message: 'must be <= 100',
          keyword: 'maximum',
          params: { comparison: '<=', limit: 100 },
        },
      ]),
    );
    expect(screen.getAllByText('Enter a whole number from 1 to 100')).toHaveLength(1);
    const field = document.querySelector('#root_limit')!.closest('.form-group') as HTMLElement;
    within(field).getByText('Enter a whole number from 1 to 100');
    expect(screen.queryByText(/must be/)).toBeNull();
  });
});
