/**
 * The semantic diff of blocks (docs/site-documents.md, "Semantic diff"): moves within and
 * between lists and containers, insertions, prop changes, removals, invalid documents.
 */
import cloneDeep from 'lodash-es/cloneDeep.js';
import { describe, expect, it } from 'vitest';
import { diffSiteDocuments } from '../../../engine/document/diff.ts';
import { renderText } from '../../../engine/document/diff-render.ts';
import { describeChange } from '../../../engine/document/diff-sentences.ts';
import { base, diffAfter, hero, kinds } from './diff-kit.ts';

describe('semantic diff', () => {
  it('a block moved to another page is one move, from position to position', () => {
    const changes = diffAfter((d) => {
      const [b] = d.pages[0].blocks.splice(0, 1);
      d.pages[2].blocks.splice(1, 0, b);
    });
    expect(changes).toEqual([
      {
        kind: 'block-moved',
        block: { id: 'home-hero', type: 'hero' },
        from: { area: 'page', page: 'home', index: 0, path: '/pages/0/blocks/0' },
        to: { area: 'page', page: 'about', index: 1, path: '/pages/2/blocks/1' },
      },
    ]);
    expect(describeChange(changes[0])).toBe(
      'Block hero home-hero moved from page home, position 1 to page about, position 2',
    );
  });

  it('inserting a block does not make its later siblings "moved"', () => {
    const changes = diffAfter((d) => d.pages[0].blocks.splice(0, 0, hero('new-hero')));
    expect(kinds(changes)).toEqual(['block-added']);
    expect(describeChange(changes[0])).toBe('Block hero new-hero added on page home, position 1');
  });

  it('reordering within a list reports only the blocks that changed their order', () => {
    const changes = diffAfter((d) => d.pages[0].blocks.reverse());
    // home-hero, intro, why-us, cols → cols, why-us, intro, home-hero: three moves keep one in place.
    expect(kinds(changes)).toEqual(['block-moved', 'block-moved', 'block-moved']);
    const swap = diffAfter((d) => {
      const b = d.pages[2].blocks;
      [b[0], b[1]] = [b[1], b[0]];
    });
    expect(swap).toHaveLength(1);
    expect(describeChange(swap[0])).toMatch(
      /^Block hero about-\w+ moved within page about from position \d to \d$/,
    );
  });

  it('moves between containers: into a section, from a slot to another slot, into the header', () => {
    const changes = diffAfter((d) => {
      const intro = d.pages[0].blocks.splice(1, 1)[0];
      d.pages[0].blocks[1].children.push(intro); // into section why-us (now at index 1)
      const main = d.pages[0].blocks[2].slots.main.pop();
      d.pages[0].blocks[2].slots.aside.unshift(main);
      d.layout.header.push(d.pages[1].blocks.pop());
    });
    const text = renderText(changes);
    expect(text).toContain(
      'Block rich-text intro moved from page home, position 2 to page home inside section why-us, position 3',
    );
    expect(text).toContain(
      'Block hero col-main moved from page home inside columns cols (slot main), position 1 to page home inside columns cols (slot aside), position 1',
    );
    expect(text).toContain(
      'Block hero finance-hero moved from page finance, position 1 to the header, position 2',
    );
    // Blocks that only shifted because of those moves are not reported.
    expect(changes.filter((c) => c.kind === 'block-moved')).toHaveLength(3);
  });

  it('names prop changes with their field path, old and new value', () => {
    const changes = diffAfter((d) => {
      d.pages[0].blocks[0].props.heading = 'Hello';
      d.pages[0].blocks[0].props.actions = [{ label: 'Go', href: '/go' }];
      d.pages[0].blocks[2].children[1].props.tone = 'dark';
    });
    expect(changes).toEqual([
      expect.objectContaining({
        kind: 'block-changed',
        block: { id: 'home-hero', type: 'hero' },
        path: '/props/heading',
        before: 'Welcome',
        after: 'Hello',
      }),
      expect.objectContaining({
        kind: 'block-changed',
        path: '/props/actions',
        after: [{ label: 'Go', href: '/go' }],
      }),
      expect.objectContaining({
        kind: 'block-changed',
        block: { id: 'why-b', type: 'hero' },
        path: '/props/tone',
        after: 'dark',
      }),
    ]);
    expect(describeChange(changes[0])).toBe(
      'Block hero home-hero on page home: props/heading "Welcome" → "Hello"',
    );
    expect(describeChange(changes[2])).toBe(
      'Block hero why-b on page home inside section why-us: props/tone (not set) → "dark"',
    );
    // A moved block whose props also changed gets both changes.
    const both = diffAfter((d) => {
      const b = d.pages[2].blocks.shift();
      b.props.heading = 'Moved';
      d.pages[1].blocks.push(b);
    });
    expect(kinds(both)).toEqual(['block-moved', 'block-changed']);
  });

  it('folds blocks inside a removed container into its removal', () => {
    const changes = diffAfter((d) => d.pages[0].blocks.splice(2, 1));
    expect(changes).toEqual([
      expect.objectContaining({
        kind: 'block-removed',
        block: { id: 'why-us', type: 'section' },
        contains: 2,
      }),
    ]);
    expect(describeChange(changes[0])).toBe(
      'Block section why-us removed from page home, position 3, with 2 blocks inside',
    );
  });

  it('matches blocks by id even in invalid documents (duplicate or missing ids) without throwing', () => {
    const before = base();
    before.pages[0].blocks.push(hero('home-hero'), { type: 'hero', props: { heading: 'x' } });
    const after = cloneDeep(before);
    after.pages[0].blocks.at(-1).props.heading = 'y';
    expect(kinds(diffSiteDocuments(before, after))).toEqual(['block-changed']);
    expect(diffSiteDocuments(null, undefined)).toEqual([]);
  });
});
