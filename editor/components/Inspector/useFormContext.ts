import { useMemo } from 'react';
import type { Doc } from '../../lib/doc.ts';
import { useEditor } from '../../lib/hooks.ts';
import type { FormContext } from '../SchemaForm.tsx';

/** What the generated forms offer beyond the schema: the site's page paths (for link fields). */
export function useFormContext(): FormContext {
  const pages = useEditor((s) => s.resolved.pages as Doc[] | undefined);
  return useMemo(
    () => ({
      paths: [
        ...new Set(
          (pages ?? [])
            .map((p) => String(p.path))
            .filter((p) => p.startsWith('/') && !p.includes(':')),
        ),
      ],
    }),
    [pages],
  );
}
