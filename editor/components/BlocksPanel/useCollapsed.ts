import { useCallback, useState } from 'react';

/** Which blocks' rows are collapsed (the blocks inside them hidden), and a stable toggle. */
export function useCollapsed(): [ReadonlySet<string>, (id: string) => void] {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback((id: string) => {
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  return [collapsed, toggle];
}
