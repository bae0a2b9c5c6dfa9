/**
 * Algolia's partial updates of a record: attributes set, or changed by an operation
 * (Increment, Decrement, Add, AddUnique, Remove).
 */
import { SearchError } from './errors.ts';

export function applyPartial(target: Record<string, unknown>, attributes: Record<string, unknown>) {
  for (const [key, value] of Object.entries(attributes)) {
    if (key === 'objectID') continue;
    const op =
      value && typeof value === 'object' && !Array.isArray(value)
        ? (value as { _operation?: string; value?: unknown })
        : undefined;
    if (!op?._operation) {
      target[key] = value;
      continue;
    }
    const current = target[key];
    const list = Array.isArray(current) ? [...current] : [];
    switch (op._operation) {
      case 'Increment':
      case 'Decrement': {
        const step = Number(op.value ?? 1) * (op._operation === 'Decrement' ? -1 : 1);
        target[key] = (typeof current === 'number' ? current : 0) + step;
        break;
      }
      case 'Add':
        target[key] = [...list, op.value];
        break;
      case 'AddUnique':
        target[key] = list.includes(op.value) ? list : [...list, op.value];
        break;
      case 'Remove':
        target[key] = list.filter((v) => v !== op.value);
        break;
      default:
        throw new SearchError(`Unknown partial update operation ${op._operation}`, 400);
    }
  }
}
