/**
 * Test helpers for the form blocks (tests only): a block rendered in a real demo site
 * with a router whose location the test can read, and a fake API answering fetch.
 */
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { BlockDefinition } from '../../engine/render/block.ts';
import { BlockEnvironmentProvider } from '../../engine/render/BlockTree.tsx';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import type { Block } from '../../engine/site/types.ts';
import type { BlockType } from '../../schemas/index.gen.ts';
import { prepareDemoSite, TEST_PAGE_PATH, type DemoSite } from '../_shared/test-utils.tsx';

export interface FormRenderOptions {
  site?: DemoSite;
  patch?: (doc: Record<string, any>) => void;
  props?: Record<string, unknown>;
  route?: string;
  id?: string;
}

export function renderFormBlock(
  type: BlockType,
  definition: BlockDefinition<any>,
  options: FormRenderOptions = {},
) {
  const id = options.id ?? 'form-under-test';
  const raw = { type, id, props: options.props ?? {} } as Block;
  const { site, data } = prepareDemoSite({
    site: options.site,
    patch: options.patch,
    blocks: [raw],
  });
  const block = site.pages
    .find((p) => p.path === TEST_PAGE_PATH)!
    .blocks!.find((b) => b.id === id)!;
  const where = { current: options.route ?? '/' };
  function Probe() {
    const l = useLocation();
    where.current = l.pathname + l.search;
    return null;
  }
  const Component = definition.component;
  const result = render(
    <SiteProvider site={site} data={data} mode="development">
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <BlockEnvironmentProvider value={{ blocks: {}, data: {} }}>
          <Component props={block.props ?? {}} block={block} slots={{}} />
          <Probe />
        </BlockEnvironmentProvider>
      </MemoryRouter>
    </SiteProvider>,
  );
  return Object.assign(result, { site, block, location: () => where.current });
}

export interface ApiCall {
  method: string;
  path: string;
  body: any;
  headers: Record<string, string>;
}

type Answer = { status?: number; json?: unknown } | 'network-error';
type Handler = (call: ApiCall) => Answer | Promise<Answer>;

/**
 * Replaces fetch with a fake of the local API. Handlers are keyed "METHOD /path" (path
 * after /api, without the query). The captcha is answered by default.
 */
export function fakeApi(handlers: Record<string, Handler> = {}) {
  const calls: ApiCall[] = [];
  const all: Record<string, Handler> = {
    'GET /captcha': () => ({
      json: {
        token: 'captcha-token',
        question: 'What is 7 + 5?',
        expires_at: new Date(Date.now() + 600_000).toISOString(),
        expires_in: 600,
      },
    }),
    ...handlers,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const call: ApiCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: path + url.search,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const handler = all[`${call.method} ${path}`];
    const answer = handler ? await handler(call) : { status: 404, json: { error: 'Not found' } };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.json === undefined ? '' : JSON.stringify(answer.json), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetch: fetchMock,
    posts: (path: string) =>
      calls.filter((c) => c.method === 'POST' && c.path.split('?')[0] === path),
  };
}
