/** ajv-formats is CommonJS; its default export differs between Node ESM and bundlers. */
import * as formats from 'ajv-formats';

type Plugin = typeof formats.default;
const mod = formats as unknown as { default: Plugin | { default: Plugin } };
export const formatsPlugin: Plugin =
  typeof mod.default === 'function' ? mod.default : (mod.default as { default: Plugin }).default;
