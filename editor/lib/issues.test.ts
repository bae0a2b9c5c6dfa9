import { describe, expect, it } from 'vitest';
import { EditorStore } from './store/index.ts';
import { resolveDraft } from './doc.ts';
import { issueTarget } from '../../engine/document/words/place-targets.ts';
import { errorSchemaFor, mapIssues } from './issues.ts';
import { read, createDraftValidator, template, site } from './store/test-kit.ts';

describe('validation issues point at blocks and fields', () => {
  it('maps issue paths to the block, page, switch or settings section', () => {
    const resolved = resolveDraft(site(), { base: template() });
    expect(issueTarget(resolved, '/pages/0/blocks/1/children/0/props/html')).toEqual({
      kind: 'block',
      view: 'page:home',
      blockId: 'why-text',
      field: ['html'],
    });
    expect(issueTarget(resolved, '/pages/0/blocks/2/slots/main/0/props/html')).toMatchObject({
      blockId: 'left-text',
    });
    expect(issueTarget(resolved, '/pages/1/title')).toEqual({
      kind: 'page',
      view: 'page:contact',
      pageId: 'contact',
      field: ['title'],
    });
    expect(issueTarget(resolved, '/features/financeLink')).toEqual({
      kind: 'feature',
      key: 'financeLink',
    });
    expect(issueTarget(resolved, '/theme/colours/primary')).toEqual({
      kind: 'setting',
      section: 'theme',
      field: ['colours', 'primary'],
    });
    expect(errorSchemaFor([{ field: ['actions', '0', 'href'], message: 'bad' }])).toEqual({
      actions: { 0: { href: { __errors: ['bad'] } } },
    });
  });

  it('finds blocks in the layout and in slots whose names are escaped in the path', () => {
    const resolved = {
      layout: {
        header: [{ type: 'header', id: 'h', slots: { 'a/b': [{ type: 'rich-text', id: 'x' }] } }],
      },
      pages: [],
    };
    expect(issueTarget(resolved, '/layout/header/0/slots/a~1b/0/props/html')).toEqual({
      kind: 'block',
      view: 'layout',
      blockId: 'x',
      field: ['html'],
    });
    expect(issueTarget(resolved, '/layout/header/0/props/links/2')).toEqual({
      kind: 'block',
      view: 'layout',
      blockId: 'h',
      field: ['links', '2'],
    });
    expect(issueTarget(resolved, '/layout/header/3')).toEqual({
      kind: 'setting',
      section: 'layout',
      field: ['layout', 'header', '3'],
    });
  });

  it('validates the draft exactly as the server does', () => {
    const templates = { ford: read('sites/templates/ford.json') };
    const validate = createDraftValidator(() => templates);
    const doc = read('sites/gold-coast-ford.json');
    expect(validate(doc)).toEqual([]);
    const store = new EditorStore({ slug: doc.slug, doc, templates });
    store.setProps('home-hero', { heading: '' });
    const issues = mapIssues(store.getState().resolved, validate(store.getState().doc));
    expect(issues).toEqual([
      expect.objectContaining({
        path: expect.stringMatching(/props\/heading$/),
        target: expect.objectContaining({
          kind: 'block',
          blockId: 'home-hero',
          field: ['heading'],
        }),
      }),
    ]);
  });
});
