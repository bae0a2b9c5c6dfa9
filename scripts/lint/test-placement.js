// ESLint rule for README "Code rules", "Tests": a block's or an editor part's tests sit in its
// folder; the platform's (engine, scripts, demo) in tests/unit/<area>/, so they are found by
// the area they test — never loose at the top of tests/unit/ nor beside engine, demo or script
// code.

/** Where a test file may not stand, and where it goes instead. */
const MISPLACED = [
  [/^tests\/unit\/[^/]+\.test\.tsx?$/, 'in tests/unit/<area>/ (the engine or tool area it tests)'],
  [/^(engine|demo|scripts)\/.*\.test\.tsx?$/, 'in tests/unit/<area>/, not beside platform code'],
];

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'tests stand where the README says' },
    messages: { misplaced: 'this test belongs {{where}} — README, "Tests"' },
    schema: [],
  },
  create(context) {
    const file = context.filename.replaceAll('\\', '/');
    const root = context.cwd.replaceAll('\\', '/');
    const relative = file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
    const rule = MISPLACED.find(([pattern]) => pattern.test(relative));
    if (!rule) return {};
    return {
      Program(node) {
        context.report({
          node,
          loc: { line: 1, column: 0 },
          messageId: 'misplaced',
          data: { where: rule[1] },
        });
      },
    };
  },
};
