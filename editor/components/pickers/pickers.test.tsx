/**
 * The pickers in a block's props form, against an editor store: the link combobox (ARIA
 * combobox: keys, roles, the value it stores, typed addresses kept), the data select
 * (names shown, slug or id stored) and the asset library (list, upload, pick) against a
 * fake API.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { EditorStore } from '../../lib/store/index.ts';
import { BlockInspector } from '../Inspector/index.ts';
import type { Doc } from '../../lib/doc.ts';
import { MESSAGES } from '../../../engine/assets/asset-rules.ts';
import { inEditor } from '../test-editor-contexts.tsx';

function site(blocks: Doc[]): Doc {
  return {
    schemaVersion: 2,
    slug: 'unit-site',
    name: 'Unit Site',
    locations: [
      { id: 3, slug: 'north-shore', name: 'North Shore Showroom' },
      { id: 4, slug: 'city', name: 'City Service Centre' },
    ],
    offers: [{ id: 12, name: 'Free first service' }],
    pages: [
      { id: 'home', path: '/', title: 'Home | {site}', blocks },
      {
        id: 'finance',
        path: '/finance',
        title: 'Finance | {site}',
        blocks: [{ type: 'rich-text', id: 'rates', props: { html: '<p>x</p>' } }],
      },
      {
        id: 'location',
        path: '/locations/:slug',
        title: 'Location',
        blocks: [{ type: 'location-detail', id: 'location-detail' }],
      },
    ],
  };
}

function setup(blocks: Doc[]) {
  const store = new EditorStore({ slug: 'unit-site', doc: site(blocks) });
  act(() => store.select(String(blocks[0].id)));
  render(inEditor(store, <BlockInspector />));
  const props = (id: string) =>
    (store.getState().resolved.pages[0].blocks as Doc[]).find((b) => b.id === id)!.props ?? {};
  return { store, props };
}

afterEach(() => vi.unstubAllGlobals());

describe('the page picker (link fields)', () => {
  const hero = {
    type: 'hero',
    id: 'hero',
    props: { heading: 'Hi', actions: [{ label: 'Go', href: '/old' }] },
  };

  it('is a labelled combobox listing pages, sections and filled-in routes, operated by keys', () => {
    const { props } = setup([hero]);
    const input = screen.getByRole('combobox', { name: /goes to/i });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox');
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    const options = within(list).getAllByRole('option');
    const texts = options.map((o) => o.textContent);
    expect(texts).toContain('Finance/finance');
    expect(texts).toContain('Finance › Rich text “rates”/finance#rates');
    expect(texts).toContain('Location: North Shore Showroom/locations/north-shore');
    expect(texts.some((t) => t?.includes(':slug'))).toBe(false);
    // The first option is active, and the input says so.
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0].id);
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[options.length - 1].id);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(props('hero').actions[0].href).toBe('/old');
  });

  it('narrows the list as staff type, and Enter stores the route picked', () => {
    const { props } = setup([hero]);
    const input = screen.getByRole('combobox', { name: /goes to/i });
    fireEvent.change(input, { target: { value: 'finance rates' } });
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options).toHaveLength(1);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(props('hero').actions[0].href).toBe('/finance#rates');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement === input || document.activeElement === document.body).toBe(true);
  });

  it('keeps a typed external, phone or email address as written', () => {
    const { props } = setup([hero]);
    const input = screen.getByRole('combobox', { name: /goes to/i });
    for (const href of [
      'https://example.com/x',
      'tel:+61 7 5555 0000',
      'mailto:sales@example.com',
    ]) {
      fireEvent.change(input, { target: { value: href } });
      fireEvent.keyDown(input, { key: 'Enter' });
      expect(props('hero').actions[0].href).toBe(href);
    }
  });

  it('picks with the mouse too', () => {
    const { props } = setup([hero]);
    fireEvent.click(screen.getByRole('button', { name: /show the site's pages/ }));
    fireEvent.click(
      within(screen.getByRole('listbox')).getByRole('option', { name: /^Finance\/finance$/ }),
    );
    expect(props('hero').actions[0].href).toBe('/finance');
  });
});

describe('the data picker (x-ref fields)', () => {
  it('offers the site’s locations by name and stores the slug', () => {
    const { props } = setup([{ type: 'location-detail', id: 'loc', props: {} }]);
    const select = screen.getByRole('combobox', { name: /location/i }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      '(none)',
      'North Shore Showroom (north-shore)',
      'City Service Centre (city)',
    ]);
    fireEvent.change(select, { target: { value: 'city' } });
    expect(props('loc').location).toBe('city');
    fireEvent.change(select, { target: { value: '' } });
    expect(props('loc').location).toBeUndefined();
  });

  it('stores an offer’s id as a number, and shows a value the site does not have as such', () => {
    const { props } = setup([{ type: 'offer-detail', id: 'offer', props: { offerId: 99 } }]);
    const select = screen.getByRole('combobox', { name: /offer/i }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      '(none)',
      '99 (not in this site)',
      'Free first service (12)',
    ]);
    expect(select.value).toBe('99');
    fireEvent.change(select, { target: { value: '12' } });
    expect(props('offer').offerId).toBe(12);
  });
});

describe('the asset library (image fields)', () => {
  const logo = {
    name: 'logo-0123456789ab.png',
    url: '/assets/sites/unit-site/logo-0123456789ab.png',
    type: 'image/png',
    size: 10,
    published: true,
  };
  const photo = {
    name: 'front-ba9876543210.jpg',
    url: '/assets/sites/unit-site/front-ba9876543210.jpg',
    type: 'image/jpeg',
    size: 20,
    published: false,
  };

  function fakeApi(upload: () => Response) {
    const calls: Array<{ url: string; method: string; body: unknown }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body });
      if ((init.method ?? 'GET') === 'GET')
        return new Response(JSON.stringify({ assets: [logo] }), { status: 200 });
      return upload();
    });
    return calls;
  }

  it('lists the site’s images to pick one, and uploads a new one, which is picked at once', async () => {
    const calls = fakeApi(
      () => new Response(JSON.stringify({ asset: photo, removed: [] }), { status: 201 }),
    );
    const { props } = setup([
      { type: 'hero', id: 'hero', props: { heading: 'Hi', image: { src: '/old.png', alt: '' } } },
    ]);
    const toggle = screen.getByRole('button', { name: 'Choose image…' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const library = screen.getByRole('group', { name: /images of this site/ });
    fireEvent.click(await within(library).findByRole('button', { name: logo.name }));
    expect(props('hero').image.src).toBe(logo.url);
    expect(calls[0]).toMatchObject({ url: '/api/editor/sites/unit-site/assets', method: 'GET' });

    fireEvent.click(screen.getByRole('button', { name: 'Choose image…' }));
    const file = new File([new Uint8Array([1, 2, 3])], 'Front.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText(/Upload an image/), { target: { files: [file] } });
    await waitFor(() => expect(props('hero').image.src).toBe(photo.url));
    expect(calls.at(-1)).toMatchObject({
      url: '/api/editor/sites/unit-site/assets?name=Front.jpg',
      method: 'POST',
      body: file,
    });
    expect(screen.getByRole('status').textContent).toContain('Uploaded Front.jpg and chose it.');
    expect(screen.getByRole('button', { name: photo.name }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('keeps the latest choice when an upload started earlier answers later', async () => {
    const answers: Array<(asset: typeof logo) => void> = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'GET')
        return new Response(JSON.stringify({ assets: [] }), { status: 200 });
      const asset = await new Promise<typeof logo>((resolve) => answers.push(resolve));
      return new Response(JSON.stringify({ asset, removed: [] }), { status: 201 });
    });
    const { props } = setup([
      { type: 'hero', id: 'hero', props: { heading: 'Hi', image: { src: '/old.png', alt: '' } } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Choose image…' }));
    const input = screen.getByLabelText(/Upload an image/);
    const upload = (name: string) =>
      fireEvent.change(input, {
        target: { files: [new File([new Uint8Array([1])], name, { type: 'image/png' })] },
      });
    upload('slow.png');
    upload('quick.png');
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => answers[1](photo));
    await waitFor(() => expect(props('hero').image.src).toBe(photo.url));
    await act(async () => answers[0](logo));
    await screen.findByRole('button', { name: logo.name });
    expect(props('hero').image.src).toBe(photo.url);
    expect(screen.getByRole('status').textContent).toContain('you chose another since');

    // A choice from the grid while an upload is under way stands too.
    upload('later.png');
    await waitFor(() => expect(answers).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Choose image…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Choose image…' }));
    fireEvent.click(await screen.findByRole('button', { name: logo.name }));
    expect(props('hero').image.src).toBe(logo.url);
    await act(async () => answers[2]({ ...photo, name: 'later.png', url: '/later.png' }));
    expect(props('hero').image.src).toBe(logo.url);
  });

  it('says why an upload was refused, and keeps the value', async () => {
    fakeApi(() => new Response(JSON.stringify({ error: MESSAGES.unknownType }), { status: 415 }));
    const { props } = setup([
      { type: 'hero', id: 'hero', props: { heading: 'Hi', image: { src: '/old.png', alt: '' } } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Choose image…' }));
    fireEvent.change(screen.getByLabelText(/Upload an image/), {
      target: { files: [new File(['x'], 'notes.png', { type: 'image/png' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.unknownType);
    expect(props('hero').image.src).toBe('/old.png');
  });

  describe('deleting an image only the draft holds', () => {
    function library(answer: () => Response) {
      const deletes: string[] = [];
      vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
        if ((init.method ?? 'GET') === 'GET')
          return new Response(JSON.stringify({ assets: [photo, logo] }), { status: 200 });
        deletes.push(`${init.method} ${url}`);
        return answer();
      });
      return deletes;
    }
    const open = async (src = '/old.png') => {
      const { props } = setup([
        { type: 'hero', id: 'hero', props: { heading: 'Hi', image: { src, alt: '' } } },
      ]);
      fireEvent.click(screen.getByRole('button', { name: 'Choose image…' }));
      await screen.findByRole('button', { name: photo.name });
      return props;
    };

    it('offers Delete on the draft’s own upload only, asks first, and takes it out of the grid', async () => {
      const deletes = library(
        () => new Response(JSON.stringify({ deleted: photo.name }), { status: 200 }),
      );
      await open();
      expect(screen.queryByRole('button', { name: `Delete ${logo.name}` })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: `Delete ${photo.name}` }));
      const dialog = screen.getByRole('dialog', { name: 'Delete this image?' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(deletes).toEqual([]);

      fireEvent.click(screen.getByRole('button', { name: `Delete ${photo.name}` }));
      fireEvent.click(screen.getByRole('button', { name: 'Delete image' }));
      await waitFor(() => expect(screen.queryByRole('button', { name: photo.name })).toBeNull());
      expect(deletes).toEqual([`DELETE /api/editor/sites/unit-site/assets/${photo.name}`]);
      expect(screen.getByRole('status').textContent).toBe(`Deleted ${photo.name}.`);
      expect(screen.getByRole('button', { name: logo.name })).toBeTruthy();
    });

    it('sends nothing while the draft shows the image, naming where', async () => {
      const deletes = library(() => new Response('{}', { status: 200 }));
      await open(photo.url);
      fireEvent.click(screen.getByRole('button', { name: `Delete ${photo.name}` }));
      fireEvent.click(screen.getByRole('button', { name: 'Delete image' }));
      const alert = within(screen.getByRole('dialog')).getByRole('alert');
      expect(alert.textContent).toMatch(/still shows this image \(Page .* › Hero/);
      expect(alert.textContent).not.toMatch(/\/pages|props/);
      expect(deletes).toEqual([]);
    });

    it('shows the server’s refusal and keeps the image', async () => {
      library(
        () =>
          new Response(JSON.stringify({ error: 'The saved draft still uses this image (x).' }), {
            status: 409,
          }),
      );
      await open();
      fireEvent.click(screen.getByRole('button', { name: `Delete ${photo.name}` }));
      fireEvent.click(screen.getByRole('button', { name: 'Delete image' }));
      expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toContain(
        'The saved draft still uses this image',
      );
      expect(screen.getByRole('button', { name: photo.name })).toBeTruthy();
    });
  });
});
