import { describe, expect, it } from 'vitest';
import { EditorStore } from '../index.ts';
import { leftOutPages, pageOrigin, type Doc } from '../../doc.ts';
import { read, createDraftValidator, site, makeStore } from '../test-kit.ts';

describe('settings, switches and pages', () => {
  it('adds, renames and removes pages; removePage resets an override of a template page', () => {
    const store = makeStore();
    const id = store.addPage('Service Specials', '/service-specials')!;
    expect(id).toBe('service-specials');
    expect(store.getState().view).toBe('page:service-specials');
    store.updatePage(id, { title: 'Specials', path: '/specials' });
    expect(store.getState().doc.pages[0]).toEqual({
      id,
      path: '/specials',
      title: 'Specials',
      blocks: [],
    });
    expect(store.removePage(id).ok).toBe(true);
    expect(store.removePage('contact').ok).toBe(false);
    store.updatePage('contact', { title: 'Contact us' });
    expect(store.getState().doc.pages.map((p: Doc) => p.id)).toEqual(['contact']);
    expect(store.removePage('contact').ok).toBe(true); // resets the override
    expect(store.getState().resolved.pages.find((p: Doc) => p.id === 'contact').title).toBe(
      'Contact',
    );
  });

  it('removes a template page from this site (withoutPages) and restores it, each one undoable step', () => {
    const store = makeStore();
    const pageIds = () => store.getState().resolved.pages.map((p: Doc) => p.id);
    store.setView('page:contact');
    expect(store.removeTemplatePage('contact')).toBe(true);
    expect(store.getState().doc.withoutPages).toEqual(['contact']);
    expect(store.getState().doc.pages).toBeUndefined();
    expect(pageIds()).toEqual(['home']);
    // The view moves off the page that is gone.
    expect(store.getState().view).toBe('page:home');
    expect(store.history().undo).toEqual(['Remove template page contact from this site']);
    expect(leftOutPages(store.getState().doc, store.getState().template)).toEqual([
      { id: 'contact', path: '/contact', title: 'Contact', inTemplate: true },
    ]);
    // Undo and redo go through the patches like any change.
    store.undo();
    expect(store.getState().doc).toEqual(site());
    expect(pageIds()).toEqual(['home', 'contact']);
    store.redo();
    expect(pageIds()).toEqual(['home']);
    // Only template pages can be removed this way; a removed one is not offered again.
    expect(store.removeTemplatePage('nope')).toBe(false);
    expect(store.removeTemplatePage('contact')).toBe(false);
    // A new page never takes the id of a page the site leaves out.
    expect(store.addPage('Contact', '/contact')).toBe('contact-2');
    store.undo();
    // Restoring brings it back in the template's place and shows it; the empty list goes.
    expect(store.restoreTemplatePage('contact')).toBe(true);
    expect(store.getState().doc).toEqual(site());
    expect(pageIds()).toEqual(['home', 'contact']);
    expect(store.getState().view).toBe('page:contact');
    expect(store.restoreTemplatePage('contact')).toBe(false);
    expect(store.history().undo).toEqual([
      'Restore template page contact',
      'Remove template page contact from this site',
    ]);
  });

  it('removing a changed template page drops the site copy too, and the result is valid', () => {
    const templates = { ford: read('sites/templates/ford.json') };
    const validate = createDraftValidator(() => templates);
    const store = new EditorStore({
      slug: 'test-site',
      doc: { ...site(), template: 'ford' },
      templates,
    });
    store.updatePage('finance', { title: 'Car finance' });
    expect(pageOrigin(store.getState().doc, store.getState().template, 'finance')).toBe('override');
    expect(store.removeTemplatePage('finance')).toBe(true);
    expect(store.getState().doc.pages).toEqual([]);
    expect(store.getState().doc.withoutPages).toEqual(['finance']);
    expect(store.getState().resolved.pages.some((p: Doc) => p.id === 'finance')).toBe(false);
    expect(validate(store.getState().doc)).toEqual([]);
    // The draft check names a stale entry (e.g. after the template dropped the page).
    expect(validate({ ...store.getState().doc, withoutPages: ['finance', 'gone'] })).toEqual([
      { path: '/withoutPages/1', message: 'no template page has id "gone"' },
    ]);
    store.undo();
    expect(store.getState().doc.pages).toEqual([
      expect.objectContaining({ id: 'finance', title: 'Car finance' }),
    ]);
    expect(store.getState().doc.withoutPages).toBeUndefined();
  });
});
