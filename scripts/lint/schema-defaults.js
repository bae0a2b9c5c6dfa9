// ESLint rule for README "Code rules", "Schema facts once": a block reads its props with every
// schema default already filled (schemas/resolved.gen.ts), so a fallback for a prop that has a
// default (`props.tone ?? 'brand'`, `const { tone = 'brand' } = props`) repeats the schema —
// and goes stale when the schema's default changes. `props.heading || …` is not one: it gives
// an empty value (staff cleared the field) a meaning of its own.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The props with a schema default, per block folder (`blocks/{type}/`). */
const defaultsByType = new Map();
function defaultsOf(root, type) {
  if (!defaultsByType.has(type)) {
    const file = join(root, 'schemas/blocks', `${type}.schema.json`);
    const schema = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
    const props = Object.entries(schema.properties ?? {});
    defaultsByType.set(type, new Set(props.filter(([, p]) => 'default' in p).map(([k]) => k)));
  }
  return defaultsByType.get(type);
}

/** `props.x` or `ctx.props.x`: the prop's name, else undefined. */
function propRead(node) {
  if (node?.type !== 'MemberExpression' || node.computed) return undefined;
  const object = node.object;
  const isProps =
    (object.type === 'Identifier' && object.name === 'props') ||
    (object.type === 'MemberExpression' && !object.computed && object.property.name === 'props');
  return isProps ? node.property.name : undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: "a block does not repeat its schema's defaults" },
    messages: {
      repeated:
        'prop "{{name}}" has a default in schemas/blocks/{{type}}.schema.json and arrives filled (schemas/resolved.gen.ts): no fallback here — README, "Schema facts once"',
    },
    schema: [],
  },
  create(context) {
    const match = /(?:^|\/)blocks\/([a-z][a-z0-9-]*)\//.exec(
      context.filename.replaceAll('\\', '/'),
    );
    if (!match) return {};
    const type = match[1];
    const defaults = defaultsOf(context.cwd, type);
    if (!defaults.size) return {};
    const report = (node, name) =>
      context.report({ node, messageId: 'repeated', data: { name, type } });
    return {
      LogicalExpression(node) {
        if (node.operator !== '??') return;
        const name = propRead(node.left);
        if (name && defaults.has(name)) report(node, name);
      },
      // const { tone = 'brand' } = props
      VariableDeclarator(node) {
        const from = node.init;
        const isProps =
          (from?.type === 'Identifier' && from.name === 'props') ||
          (from?.type === 'MemberExpression' && !from.computed && from.property.name === 'props');
        if (!isProps || node.id.type !== 'ObjectPattern') return;
        for (const p of node.id.properties) {
          if (p.type !== 'Property' || p.value.type !== 'AssignmentPattern') continue;
          const name = p.key.type === 'Identifier' ? p.key.name : undefined;
          if (name && defaults.has(name)) report(p, name);
        }
      },
    };
  },
};
