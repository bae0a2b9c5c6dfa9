/**
 * Where leads go is edited in the site settings (docs/leads.md, "What a dealer configures"):
 * a form generated from the site schema's leadRouting, in staff words, whose edits land in
 * the document.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { EditorStore } from '../lib/store/index.ts';
import type { Doc } from '../lib/doc.ts';
import { SettingsPanel } from './Inspector/index.ts';
import { unitSite } from '../lib/test-fixtures.ts';
import { inEditor } from './test-editor-contexts.tsx';

function renderLeads(doc: Doc) {
  const store = new EditorStore({ slug: 'unit-site', doc });
  render(inEditor(store, <SettingsPanel open="leads" onOpen={() => undefined} />));
  return store;
}

describe('lead routing in the site settings', () => {
  it('has its own section, in staff words', () => {
    renderLeads(unitSite([]));
    expect(screen.getByText('Where leads go', { selector: 'summary, summary *' })).toBeTruthy();
    expect(screen.getByLabelText('Email the buyer a confirmation')).toBeTruthy();
  });

  it('stores what staff change in the document', () => {
    const doc = {
      ...unitSite([]),
      leadRouting: { routes: [{ kinds: ['enquiry'], emails: ['sales@example.com'] }] },
    };
    const store = renderLeads(doc);
    const box = screen.getByLabelText('Email the buyer a confirmation') as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    const stored = store.getState().doc.leadRouting as Doc;
    expect(stored.confirmBuyer).toBe(false);
    expect(stored.routes).toEqual(doc.leadRouting.routes);
  });
});
