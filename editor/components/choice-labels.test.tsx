/**
 * The choice of an anyOf / oneOf field's options is labelled (docs/editor-design.md,
 * "Accessibility"): rjsf draws that select with no label (axe: select-name, critical). The
 * locations block's filter is the one such field of today's forms; the others here are the
 * shapes a schema may take: a group of fields choosing among groups (rjsf labels no group), a
 * choice inside a list item, a key-value entry, and a field whose label is turned off.
 */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { finish } from '../lib/schema-to-form.ts';
import type { JsonSchema } from '../lib/schemas.ts';
import { kindOf } from './form-templates.tsx';
import { SchemaForm } from './SchemaForm.tsx';

const SIGN_IN: JsonSchema = {
  title: 'Sign-in',
  type: 'object',
  oneOf: [
    {
      title: 'User name and password',
      type: 'object',
      properties: { user: { type: 'string', title: 'User name' } },
    },
    {
      title: 'Token',
      type: 'object',
      properties: { token: { type: 'string', title: 'Token name' } },
    },
  ],
};

const SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    size: {
      title: 'Size',
      anyOf: [
        { title: 'Named size', type: 'string', enum: ['small', 'large'] },
        { title: 'Pixels', type: 'integer', minimum: 1 },
      ],
    },
    signIn: SIGN_IN,
    links: {
      title: 'Links',
      type: 'array',
      items: {
        anyOf: [
          { title: 'Address', type: 'string' },
          { title: 'Page number', type: 'integer' },
        ],
      },
    },
    quiet: { title: 'Quiet', anyOf: [{ type: 'string' }, { type: 'integer' }] },
    extras: {
      title: 'Extras',
      type: 'object',
      additionalProperties: { anyOf: [{ type: 'string' }, { type: 'boolean' }] },
    },
  },
};

function draw() {
  const form = finish(structuredClone(SCHEMA));
  form.uiSchema.quiet = { ...form.uiSchema.quiet, 'ui:label': false };
  const value = {
    size: 'small',
    signIn: { user: 'feed-user' },
    links: ['/finance'],
    quiet: 'x',
    extras: { colour: 'red' },
  };
  render(
    <SchemaForm
      form={form}
      value={value}
      onChange={() => undefined}
      context={{ paths: [] }}
      label="Choices"
    />,
  );
}

const labels = (id: string) =>
  [...document.querySelectorAll(`label[for="${id}"]`)].map((l) => l.textContent);

describe('the choice of an anyOf / oneOf field', () => {
  it("is named by the field's label, and the chosen option's field by its own", () => {
    draw();
    expect(labels('root_size__anyof_select')).toEqual(['Size']);
    expect(labels('root_size')).toEqual(['Named size']);
    screen.getByRole('combobox', { name: 'Size' });
  });

  it('is "Kind of …" where the field has no label of its own', () => {
    draw();
    // A group of fields (type object) gets no label from rjsf, only the chosen option's legend.
    expect(labels('root_signIn__oneof_select')).toEqual([kindOf('Sign-in')]);
    expect(kindOf('Sign-in')).toBe('Kind of sign-in');
    expect(kindOf('URL')).toBe('Kind of URL');
    expect(labels('root_quiet__anyof_select')).toEqual(['Kind of quiet']);
    // A key-value entry: its key's label stays on its value (beside the option's); its choice
    // is named by its key.
    expect(labels('root_extras_colour')).toEqual(['colour', 'Text']);
    expect(labels('root_extras_colour__anyof_select')).toEqual(['Kind of colour']);
    // Inside a list, each item's choice is named by the item.
    expect(labels('root_links_0__anyof_select')).toHaveLength(1);
  });

  it('leaves no select unnamed: axe finds no label violation', async () => {
    draw();
    const selects = [...document.querySelectorAll('select')];
    expect(selects.length).toBeGreaterThanOrEqual(6);
    const { violations } = await axe.run(document.body, {
      resultTypes: ['violations'],
      runOnly: ['label', 'select-name', 'label-title-only', 'duplicate-id'],
    });
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
  });
});
