/**
 * Problems named the way staff see the form (docs/editor-design.md, "Forms"): the block, the
 * fields' labels, list items by their content or place, and the message in staff words;
 * never a JSON path.
 */
import { describe, expect, it } from 'vitest';
import { EditorStore } from './store/index.ts';
import { describeTarget } from '../../engine/document/words/place-words.ts';
import { mapIssues } from './issues.ts';
import { blockForm } from './schemas.ts';
import { fieldTrail, itemLabel, ordinal } from '../../engine/document/words/field-words.ts';
import { read, createDraftValidator } from './store/test-kit.ts';

function goldCoast() {
  const templates = { ford: read('sites/templates/ford.json') };
  const validate = createDraftValidator(() => templates);
  const doc = read('sites/gold-coast-ford.json');
  const store = new EditorStore({ slug: doc.slug, doc, templates });
  const problems = () => {
    const { resolved, doc: draft } = store.getState();
    return mapIssues(resolved, validate(draft)).map(
      (i) => `${describeTarget(resolved, i.target, i.path)}: ${i.message}`,
    );
  };
  return { store, problems };
}

describe('list items and fields named in staff words', () => {
  it('names an item by its name, title, label… else by its place', () => {
    expect(itemLabel({ name: 'Gold Coast', slug: 'gold-coast' }, 0)).toBe('Gold Coast');
    expect(itemLabel({ label: 'Book a service', href: '/service' }, 3)).toBe('Book a service');
    expect(itemLabel({ question: '<b>Finance</b> options?' }, 0)).toBe('Finance options?');
    expect(itemLabel({ href: '/x' }, 1)).toBe('2nd item');
    expect(itemLabel('text item', 2)).toBe('3rd item');
    expect([1, 2, 3, 4, 11, 21, 22, 113].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '21st',
      '22nd',
      '113th',
    ]);
  });

  it('follows a path through the form schema, as the form labels it', () => {
    const schema = blockForm('hero')!.schema;
    const props = {
      heading: 'Hi',
      actions: [{ label: 'Used cars', href: '/used' }, { href: 'ftp://x' }],
    };
    expect(fieldTrail(schema, ['actions', '0', 'href'], props)).toEqual([
      'Button links',
      'Used cars',
      'Goes to',
    ]);
    expect(fieldTrail(schema, ['actions', '1', 'href'], props)).toEqual([
      'Button links',
      '2nd item',
      'Goes to',
    ]);
  });
});

describe('the problems list names the block and the field', () => {
  it('a block’s list item, by its button text', () => {
    const { store, problems } = goldCoast();
    const hero = store
      .getState()
      .resolved.pages.find((p: { id: string }) => p.id === 'home')
      .blocks.find((b: { id: string }) => b.id === 'home-hero');
    store.setProps('home-hero', {
      ...hero.props,
      actions: [{ label: 'Shop new Fords', href: 'ftp://nowhere' }],
    });
    expect(problems()).toEqual([
      'Hero home-hero › Button links › Shop new Fords › Goes to: Pick a page, or enter an address starting with /, #, https://, mailto: or tel:',
    ]);
  });

  it('a location in the settings, by its name, with a plain message', () => {
    const { store, problems } = goldCoast();
    const locations = structuredClone(store.getState().resolved.locations);
    locations[1].contact_detail.phone = 'call us';
    store.setSetting('locations', locations);
    expect(problems()).toEqual([
      'Settings › Locations › Nerang Ford › Contact details › Phone: Enter a phone number (digits, spaces, +, brackets and hyphens)',
    ]);
  });
});
