import { useMemo, useState } from 'react';
import type { Doc } from '../../lib/doc.ts';
import { useEditor } from '../../lib/hooks.ts';
import { featureSwitches, type FeatureSwitch } from '../../lib/schemas.ts';
import { FeatureRow } from './FeatureRow.tsx';

/** The feature switches by group, searchable, optionally only those set for the site or its template. */
export function FeaturePanel() {
  const [query, setQuery] = useState('');
  const [onlyChanged, setOnlyChanged] = useState(false);
  const features = useEditor((s) => s.doc.features as Doc | undefined);
  const templateFeatures = useEditor((s) => s.template?.features as Doc | undefined);
  const q = query.trim().toLowerCase();
  const groups = useMemo(() => {
    const out = new Map<string, FeatureSwitch[]>();
    for (const sw of featureSwitches()) {
      if (
        q &&
        !sw.key.toLowerCase().includes(q) &&
        !sw.label.toLowerCase().includes(q) &&
        !sw.description.toLowerCase().includes(q) &&
        !sw.group.toLowerCase().includes(q)
      )
        continue;
      if (
        onlyChanged &&
        features?.[sw.key] === undefined &&
        templateFeatures?.[sw.key] === undefined
      )
        continue;
      const list = out.get(sw.group) ?? [];
      list.push(sw);
      out.set(sw.group, list);
    }
    return [...out.entries()];
  }, [q, onlyChanged, features, templateFeatures]);
  return (
    <div className="fc-features">
      <div className="fc-panel-tools">
        <input
          type="search"
          className="fc-search"
          aria-label="Search feature switches"
          placeholder="Search switches"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <label className="fc-check">
          <input
            type="checkbox"
            checked={onlyChanged}
            onChange={(e) => setOnlyChanged(e.target.checked)}
          />{' '}
          Only set ones
        </label>
      </div>
      {groups.map(([group, switches]) => (
        <fieldset key={group} className="fc-feature-group">
          <legend>{group}</legend>
          {switches.map((sw) => (
            <FeatureRow
              key={sw.key}
              sw={sw}
              site={features?.[sw.key]}
              template={templateFeatures?.[sw.key]}
            />
          ))}
        </fieldset>
      ))}
      {!groups.length && <p className="fc-muted">No switch matches “{query}”.</p>}
    </div>
  );
}
