/** A new block's starting props (editor/lib/store/ops/insert-block.ts adds blocks with them). */
import { humanize } from './blocks.ts';
import { blockPropsSchema, type JsonSchema } from './schemas.ts';

const SAMPLE_STRINGS = [
  '/',
  'new',
  '#1f3a93',
  'https://example.com',
  '2025-01-01',
  '00:00',
  '+61 000 000',
];

/**
 * Props for a new block: only what its schema requires and has no default for, filled
 * with placeholder values staff then edit: the field's `x-placeholder` when its schema gives
 * one (a new hero gets the heading "Your heading here", which publishing refuses until it is
 * replaced: docs/site-documents.md, "Placeholders"), else a sample that passes the schema.
 */
export function startingProps(type: string): Record<string, unknown> {
  const schema = blockPropsSchema(type);
  if (!schema) return {};
  const value = sample(schema, type, 0);
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function sample(schema: JsonSchema, key: string, depth: number): unknown {
  if (depth > 6) return undefined;
  if ('default' in schema) return structuredClone(schema.default);
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const k of (schema.required as string[] | undefined) ?? []) {
        const sub = schema.properties?.[k];
        if (!sub || 'default' in sub) continue;
        const v = sample(sub, k, depth + 1);
        if (v !== undefined) out[k] = v;
      }
      return out;
    }
    case 'array': {
      const n = (schema.minItems as number | undefined) ?? 0;
      return Array.from({ length: n }, (_, i) =>
        sample(schema.items ?? {}, `${key} ${i + 1}`, depth + 1),
      );
    }
    case 'string': {
      // Words that fail publishing until replaced (engine/site/placeholders.ts).
      if (typeof schema['x-placeholder'] === 'string') return schema['x-placeholder'];
      // Staff see "New text." in a new rich-text block, not "Html text.".
      if (schema['x-def'] === 'html')
        return `<p>${key === 'html' ? 'New' : humanize(key)} text.</p>`;
      if (schema.format === 'date') return '2025-01-01';
      if (typeof schema.pattern === 'string') {
        const re = new RegExp(schema.pattern, 'u');
        return SAMPLE_STRINGS.find((s) => re.test(s)) ?? '';
      }
      return `New ${humanize(key).toLowerCase()}`.slice(0, schema.maxLength ?? 60);
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    default:
      return undefined;
  }
}
