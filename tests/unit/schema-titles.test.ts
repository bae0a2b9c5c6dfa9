// @vitest-environment node
/** The staff-title rule (docs/editor.md, "Forms"): every form property has a title; option labels reach rjsf. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkTitles, untitledProperties } from '../../scripts/check-schema-titles.ts';
import { blockForm } from '../../editor/lib/schemas.ts';
import { ROOT } from './helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'forecourt-titles-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('schema title check', () => {
  it('names every untitled property by JSON pointer, at any depth', () => {
    const schema = {
      title: 'DemoProps',
      type: 'object',
      properties: {
        heading: { title: 'Heading', type: 'string' },
        tone: { type: 'string', enum: ['light', 'dark'] },
        'a/b': { title: '  ', type: 'string' },
        cards: { title: 'Cards', type: 'array', items: { type: 'object', properties: { text: { type: 'string' } } } },
      },
      $defs: { box: { type: 'object', properties: { size: { type: 'integer' } } } },
    };
    expect(untitledProperties(schema)).toEqual(['/properties/tone', '/properties/a~1b', '/properties/cards/items/properties/text', '/$defs/box/properties/size']);
  });

  it('fails a block schema with a property without a title', () => {
    mkdirSync(join(tmp, 'schemas/blocks'), { recursive: true });
    for (const f of ['site', 'defs', 'features']) writeFileSync(join(tmp, `schemas/${f}.schema.json`), JSON.stringify({ type: 'object' }));
    writeFileSync(join(tmp, 'schemas/blocks/demo.schema.json'), JSON.stringify({ type: 'object', properties: { heading: { type: 'string' } } }));
    expect(checkTitles(tmp)).toEqual(['schemas/blocks/demo.schema.json#/properties/heading']);
  });

  it('passes on the repository', () => {
    expect(checkTitles(ROOT)).toEqual([]);
  });
});

describe('option labels', () => {
  it('turns x-enumLabels into rjsf option names and keeps the schema title as the label', () => {
    const form = blockForm('hero')!;
    expect(form.schema.properties.actions.title).toBe('Button links');
    expect(form.uiSchema.align['ui:enumNames']).toEqual({ left: 'Left', center: 'Centre' });
    expect(form.schema.properties.align.enum).toEqual(['left', 'center']);
  });
});
