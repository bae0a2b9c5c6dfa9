// ESLint rule for README "Code rules", "One block tree": a function that calls itself (or two
// that call each other) while reading a block's `children` or `slots` is a tree walker of its
// own; walks belong in engine/tree.ts (walkBlocks, eachBlock, mapBlocks, pairBlocks,
// mapSubtree, …). Rendering is React composition (JSX, not a call), so it is no walker here.

const LISTS = new Set(['children', 'slots']);

/** The name a function is called by: its declaration's, or the variable or key it is given to. */
function nameOf(fn) {
  if (fn.id?.name) return fn.id.name;
  const parent = fn.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier')
    return parent.id.name;
  if (parent?.type === 'Property' && parent.key.type === 'Identifier') return parent.key.name;
  return undefined;
}

const propertyName = (node) =>
  node.computed
    ? node.property.type === 'Literal'
      ? String(node.property.value)
      : undefined
    : node.property.name;

/** Whether `from` reaches itself through the call graph, and the functions on the way. */
function cycleThrough(from, functions) {
  const seen = new Set();
  const path = [];
  const visit = (name) => {
    const fn = functions.get(name);
    if (!fn) return false;
    path.push(fn);
    for (const callee of fn.callees) {
      if (callee === from) return true;
      if (seen.has(callee)) continue;
      seen.add(callee);
      if (visit(callee)) return true;
    }
    path.pop();
    return false;
  };
  return visit(from) ? path : undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: {
      description: 'walk block trees with engine/tree.ts, not a recursion of your own',
    },
    messages: {
      walker:
        '{{name}} recurses into a block\'s {{list}}: use engine/tree.ts (walkBlocks, eachBlock, mapBlocks, pairBlocks, mapSubtree) — README, "One block tree"',
    },
    schema: [],
  },
  create(context) {
    // Every named function of the module: what it calls by name, which list it reads.
    const functions = new Map();
    const stack = [];
    const enter = (node) => {
      const name = nameOf(node);
      const frame = { node, name, callees: new Set(), list: undefined };
      if (name && !functions.has(name)) functions.set(name, frame);
      stack.push(frame);
    };
    const exit = () => stack.pop();
    return {
      FunctionDeclaration: enter,
      FunctionExpression: enter,
      ArrowFunctionExpression: enter,
      'FunctionDeclaration:exit': exit,
      'FunctionExpression:exit': exit,
      'ArrowFunctionExpression:exit': exit,
      CallExpression(node) {
        // A function handed to a call (`list.map(block)`) is called by it, as one called by name.
        const called = [node.callee, ...node.arguments].filter((n) => n.type === 'Identifier');
        // A call from a callback inside a function (a .map over a list) is that function's call.
        for (const frame of stack) for (const id of called) frame.callees.add(id.name);
      },
      MemberExpression(node) {
        const name = propertyName(node);
        if (!LISTS.has(name)) return;
        // Writing a list (`block.children = …`) builds a tree; it does not walk one.
        if (node.parent.type === 'AssignmentExpression' && node.parent.left === node) return;
        for (const frame of stack) frame.list ??= name;
      },
      'Program:exit'() {
        for (const [name, fn] of functions) {
          const cycle = cycleThrough(name, functions);
          const reader = cycle?.find((f) => f.list);
          if (reader)
            context.report({
              node: fn.node,
              messageId: 'walker',
              data: { name, list: reader.list },
            });
        }
      },
    };
  },
};
