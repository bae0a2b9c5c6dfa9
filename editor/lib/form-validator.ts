/**
 * The validator the editor's forms give rjsf, with no code generated at run time: the
 * editor's pages forbid 'unsafe-eval' (docs/security.md), and ajv compiles each schema to a
 * function, so a form with a choice of kinds (anyOf/oneOf, e.g. the locations block's filter)
 * logged "Error compiling schema" and rjsf picked the choice blind. rjsf validates nothing
 * here (noValidate: the problems shown are the server check's, SchemaForm.tsx); it only asks
 * whether data fits a schema, to pick an option or a condition's branch, and
 * @cfworker/json-schema answers that by reading the schema.
 */
import { Validator, type Schema } from '@cfworker/json-schema';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';

const validators = new WeakMap<object, WeakMap<object, Validator>>();

/** The schema to check against: its own, with the form's root `$defs` for a `#/$defs/…` it names. */
function withRootDefs(schema: RJSFSchema, root: RJSFSchema | undefined): Schema {
  if (!root?.$defs || schema === root) return schema as Schema;
  return { ...schema, $defs: { ...root.$defs, ...schema.$defs } } as Schema;
}

function validatorFor(schema: RJSFSchema, root: RJSFSchema | undefined): Validator {
  const byRoot = validators.get(schema) ?? new WeakMap<object, Validator>();
  validators.set(schema, byRoot);
  const key = root ?? schema;
  let validator = byRoot.get(key);
  if (!validator) {
    validator = new Validator(withRootDefs(schema, root), '2020-12', true);
    byRoot.set(key, validator);
  }
  return validator;
}

export const formValidator: ValidatorType = {
  isValid(schema, formData, rootSchema) {
    try {
      return validatorFor(schema, rootSchema).validate(formData).valid;
    } catch {
      // A schema it cannot read fits nothing, as rjsf's own validator answers.
      return false;
    }
  },
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  rawValidation: () => ({ errors: [] }),
};
