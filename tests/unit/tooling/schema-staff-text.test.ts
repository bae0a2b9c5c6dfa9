/**
 * The staff-text rule (docs/editor-design.md, "Forms"): every form property has a title and a
 * description, every pattern a message in staff words; option labels reach rjsf.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkStaffText, staffTextGaps } from '../../../scripts/check-schema-staff-text.ts';
import { blockForm } from '../../../editor/lib/schemas.ts';
import { ROOT } from '../helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'forecourt-staff-text-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const words = (title: string) => ({ title, description: `${title}, in staff words.` });

function repoWithBlock(schema: object) {
  mkdirSync(join(tmp, 'schemas/blocks'), { recursive: true });
  for (const f of ['site', 'defs', 'features'])
    writeFileSync(join(tmp, `schemas/${f}.schema.json`), JSON.stringify({ type: 'object' }));
  writeFileSync(join(tmp, 'schemas/blocks/demo.schema.json'), JSON.stringify(schema));
  return checkStaffText(tmp);
}

describe('schema staff-text check', () => {
  it('names every property without a title or a description, and every pattern without a message, by JSON pointer at any depth', () => {
    const schema = {
      title: 'DemoProps',
      type: 'object',
      properties: {
        heading: words('Heading'),
        tone: { description: 'Colours.', type: 'string', enum: ['light', 'dark'] },
        'a/b': { title: '  ', description: 'Blank title.', type: 'string' },
        intro: { title: 'Intro', type: 'string' },
        cards: {
          ...words('Cards'),
          type: 'array',
          items: { type: 'object', properties: { text: { type: 'string' } } },
        },
        code: { ...words('Code'), type: 'string', pattern: '^[a-z]+$' },
        phone: {
          ...words('Phone'),
          type: 'string',
          pattern: '^[0-9 ]+$',
          'x-invalidMessage': 'Enter a phone number',
        },
      },
      $defs: { box: { type: 'object', properties: { size: { title: 'Size', type: 'integer' } } } },
    };
    expect(staffTextGaps(schema)).toEqual([
      { at: '/properties/tone', missing: 'title' },
      { at: '/properties/a~1b', missing: 'title' },
      { at: '/properties/intro', missing: 'description' },
      { at: '/properties/cards/items/properties/text', missing: 'title' },
      { at: '/properties/cards/items/properties/text', missing: 'description' },
      { at: '/properties/code', missing: 'x-invalidMessage' },
      { at: '/$defs/box/properties/size', missing: 'description' },
    ]);
  });

  it('fails a block schema with a property without a title', () => {
    expect(
      repoWithBlock({
        type: 'object',
        properties: { heading: { description: 'The heading.', type: 'string' } },
      }),
    ).toEqual(['schemas/blocks/demo.schema.json#/properties/heading: title']);
  });

  it('fails a block schema with a property without a description, also one that uses a shared definition', () => {
    expect(
      repoWithBlock({
        type: 'object',
        properties: {
          heading: { title: 'Heading', type: 'string' },
          link: { title: 'Link', $ref: '../defs.schema.json#/$defs/link' },
        },
      }),
    ).toEqual([
      'schemas/blocks/demo.schema.json#/properties/heading: description',
      'schemas/blocks/demo.schema.json#/properties/link: description',
    ]);
  });

  it('fails an anyOf / oneOf option without a title (staff would read "Option 1")', () => {
    const filter = {
      ...words('Shown'),
      anyOf: [{ title: 'Kind', type: 'string' }, { type: 'integer' }],
    };
    expect(staffTextGaps({ type: 'object', properties: { filter } })).toEqual([
      { at: '/properties/filter/anyOf/1', missing: 'title' },
    ]);
  });

  it('passes a block schema with both', () => {
    expect(repoWithBlock({ type: 'object', properties: { heading: words('Heading') } })).toEqual(
      [],
    );
  });

  it('passes on the repository', () => {
    expect(checkStaffText(ROOT)).toEqual([]);
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
