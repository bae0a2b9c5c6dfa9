/**
 * A diff that hides nothing (docs/site-documents.md, "Semantic diff"): reordered lists read
 * as moves, named by their items, and a renamed block as a rename.
 */
import { describe, expect, it } from 'vitest';
import { renderMarkdown, renderText } from '../../../engine/document/diff-render.ts';
import { diffAfter, home } from './diff-hides-nothing-kit.ts';

describe('reordered lists read as moves', () => {
  it('six reviews reordered: one line naming each moved review', () => {
    const changes = diffAfter((d) => home(d)[2].props.reviews.reverse());
    expect(changes).toEqual([
      expect.objectContaining({ kind: 'block-changed', path: '/props/reviews', op: 'reordered' }),
    ]);
    const text = renderText(changes);
    // One line, at most one entry per moved review, fewer than the six reviews (the middle one kept its place).
    expect(text.trim().split('\n')).toHaveLength(1);
    expect(text.match(/moved from position/g)).toHaveLength(5);
    expect(text).toBe(
      'Block reviews home-reviews on page home: props/reviews reordered: "Graham W." moved from position 5 to 2; "Tom and Jess" moved from position 4 to 3; "Priya R." moved from position 3 to 4; "Daniel K." moved from position 2 to 5; "Sarah M." moved from position 1 to 6\n',
    );
    // Moving one review is one move, not six positions edited.
    const one = renderText(
      diffAfter((d) =>
        d.pages[0].blocks[2].props.reviews.unshift(d.pages[0].blocks[2].props.reviews.pop()),
      ),
    );
    expect(one).toBe(
      'Block reviews home-reviews on page home: props/reviews reordered: "Lena B." moved from position 6 to 1\n',
    );
  });

  it('a review edited and moved is reported as both', () => {
    const changes = diffAfter((d) => {
      const list = home(d)[2].props.reviews;
      const [sarah] = list.splice(0, 1);
      sarah.rating = 4;
      list.push(sarah);
    });
    expect(renderText(changes).split('\n')).toEqual([
      'Block reviews home-reviews on page home: props/reviews reordered: "Sarah M." moved from position 1 to 6',
      'Block reviews home-reviews on page home: props/reviews/5/rating ("Sarah M.") 5 → 4',
      '',
    ]);
  });

  it('menu items, their children and footer links; items added and removed by name', () => {
    const changes = diffAfter((d) => {
      const menu = d.layout.header[0].props.menu;
      [menu[1], menu[2]] = [menu[2], menu[1]];
      menu[3].children.reverse();
      menu.push({ label: 'Contact', href: '/contact' });
      d.layout.footer[0].props.columns[0].links.reverse();
      d.layout.footer[0].props.columns.reverse();
    });
    expect(renderText(changes).split('\n')).toEqual([
      'Block header site-header on the header: props/menu: added "Contact" at position 5: {"label":"Contact","href":"/contact"}',
      'Block header site-header on the header: props/menu reordered: "Used Cars" moved from position 2 to 3',
      'Block header site-header on the header: props/menu/3/children reordered: "About Us" moved from position 1 to 2',
      'Block footer site-footer on the footer: props/columns reordered: "Cars" moved from position 1 to 2',
      'Block footer site-footer on the footer: props/columns/1/links reordered: "New" moved from position 1 to 2',
      '',
    ]);
    const removed = renderText(diffAfter((d) => d.layout.header[0].props.menu.splice(2, 1)));
    expect(removed).toBe(
      'Block header site-header on the header: props/menu: removed "Finance" (was position 3): {"label":"Finance","href":"/finance"}\n',
    );
    // A menu item whose link changed stays that item.
    const edited = renderText(
      diffAfter((d) => (d.layout.header[0].props.menu[2].href = '/car-finance')),
    );
    expect(edited).toBe(
      'Block header site-header on the header: props/menu/2/href ("Finance") "/finance" → "/car-finance"\n',
    );
  });

  it('carousel slides and FAQ items (no ids) are matched by their title or question', () => {
    const changes = diffAfter((d) => {
      home(d)[3].props.slides.reverse();
      home(d)[3].props.slides[0].text = 'Mustang: 0% finance';
      home(d)[4].props.items.reverse();
    });
    expect(renderText(changes).split('\n')).toEqual([
      'Block carousel offers-carousel on page home: props/slides reordered: "Mustang" moved from position 3 to 1; "Ranger" moved from position 1 to 3',
      'Block carousel offers-carousel on page home: props/slides/0/text ("Mustang") "Mustang deal" → "Mustang: 0% finance"',
      'Block faq-accordion faq on page home: props/items reordered: "Q1?" moved from position 1 to 2',
      '',
    ]);
  });

  it('locations (the order visitors see the cards) reordered is a change, named by location', () => {
    const changes = diffAfter((d) => d.locations.reverse());
    expect(changes).toHaveLength(1);
    expect(renderText(changes)).toBe(
      'Locations reordered (visitors see them in this order): Service Centre (id 3) moved from position 3 to 1; Main Street (id 1) moved from position 1 to 3\n',
    );
    expect(renderMarkdown(changes)).toMatch(/^#### Identity\n\n- Locations reordered/);
  });
});

describe('block renames', () => {
  it('same type, same place, same props: a rename, not a removal and an addition', () => {
    const changes = diffAfter((d) => (home(d)[0].id = 'main-hero'));
    expect(changes).toEqual([
      {
        kind: 'block-renamed',
        block: { id: 'main-hero', type: 'hero' },
        from: 'home-hero',
        at: { area: 'page', page: 'home', index: 0, path: '/pages/0/blocks/0' },
      },
    ]);
    expect(renderText(changes)).toBe(
      'Block hero renamed home-hero → main-hero (page home, position 1)\n',
    );
  });

  it('a rename with a prop edited is a rename plus the edit; a renamed container keeps its children in place', () => {
    const changes = diffAfter((d) => {
      home(d)[0].id = 'main-hero';
      home(d)[0].props.heading = 'Hello';
      home(d)[5].id = 'why-choose-us';
      home(d)[5].children[0].id = 'why-first';
    });
    expect(renderText(changes).split('\n')).toEqual([
      'Block hero renamed home-hero → main-hero (page home, position 1)',
      'Block hero main-hero on page home: props/heading "Welcome" → "Hello"',
      'Block section renamed why-us → why-choose-us (page home, position 6)',
      'Block hero renamed why-a → why-first (page home inside section why-choose-us, position 1)',
      '',
    ]);
  });

  it('a different block in the same place is still a removal and an addition', () => {
    const changes = diffAfter(
      (d) =>
        (home(d)[0] = {
          type: 'hero',
          id: 'sale-hero',
          props: { heading: 'Sale', text: 'Everything must go.' },
        }),
    );
    expect(changes.map((c) => c.kind)).toEqual(['block-removed', 'block-added']);
  });
});
