/**
 * The make filter as logo cards, with the chosen make's models under them (docs/search-ui.md,
 * "Filters"). On a phone the cards are compact and a box finds a make as the buyer types
 * ("Filters on a phone"), instead of "Show all" laying out every make.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useRefinementList } from 'react-instantsearch';
import { useSite } from '../../engine/render/site-context.tsx';
import { slugify } from '../../engine/slug.ts';
import { useListSetter, type SectionWrap } from './filters.tsx';
import { useOptimisticToggles } from './optimistic-toggles.ts';

/** Most models listed for a chosen make (docs/search-ui.md, "Filters"). */
export const MODEL_LIST_CAP = 30;
/** Models visible before the list is expanded. */
const MODELS_COLLAPSED = 8;

export function MakeCards({ showAllAfter, wrap }: { showAllAfter: number; wrap: SectionWrap }) {
  const { t, number } = useSite();
  const makes = useRefinementList({
    attribute: 'make',
    limit: 200,
    sortBy: ['count:desc', 'name:asc'],
  });
  const models = useRefinementList({
    attribute: 'model',
    limit: MODEL_LIST_CAP,
    sortBy: ['isRefined', 'count:desc', 'name:asc'],
  });
  const setList = useListSetter();
  const [showAll, setShowAll] = useState(false);
  const [modelsOpen, setModelsOpen] = useState(false);
  const [modelsExpanded, setModelsExpanded] = useState(false);
  const listId = useId();
  const chosen = makes.items.filter((m) => m.isRefined);
  const single = chosen.length === 1 ? chosen[0] : undefined;
  const modelBoxes = useOptimisticToggles(models.refine);
  const modelRefined = models.items.some((m) => m.isRefined);
  useEffect(() => {
    if (modelRefined) setModelsOpen(true);
  }, [modelRefined]);
  const [find, setFind] = useState('');
  const findBox = useRef<HTMLInputElement>(null);
  // Typed before the UI hydrated: the box kept it, the list follows it now.
  useEffect(() => setFind(findBox.current?.value ?? ''), []);
  if (!makes.items.length)
    return wrap(<p className="fc-search-empty">{t('No makes for this search')}</p>);
  // Chosen makes always show; the rest up to the site's number, then "Show all".
  const words = find.trim().toLowerCase();
  const visible = words
    ? makes.items.filter((m) => m.label.toLowerCase().includes(words))
    : showAll
      ? makes.items
      : makes.items.filter((m, i) => m.isRefined || i < showAllAfter);
  const hidden = words ? 0 : makes.items.length - visible.length;
  const toggleMake = (value: string) =>
    setList('make', (cur) =>
      cur.includes(value) ? cur.filter((v) => v !== value) : [...cur, value],
    );
  const modelItems = models.items.slice(0, MODEL_LIST_CAP);
  const shownModels = modelsExpanded
    ? modelItems
    : modelItems.filter((m, i) => m.isRefined || i < MODELS_COLLAPSED);
  return wrap(
    <div className="fc-search-makes">
      {makes.items.length > showAllAfter && (
        <input
          ref={findBox}
          type="search"
          className="fc-search-makes__find"
          placeholder="Find a make"
          aria-label="Find a make"
          aria-controls={listId}
          enterKeyHint="search"
          onChange={(e) => setFind(e.target.value)}
        />
      )}
      {words && !visible.length && <p className="fc-search-empty">No make matches “{find}”</p>}
      <ul className="fc-search-makes__grid" id={listId}>
        {visible.map((make) => (
          <li key={make.value}>
            <button
              type="button"
              className="fc-search-make"
              aria-pressed={make.isRefined}
              onClick={() => toggleMake(make.value)}
              title={`${make.label} (${number(make.count)})`}
            >
              <img
                src={`/assets/logos/${slugify(make.value)}.svg`}
                alt=""
                width="48"
                height="48"
                loading="lazy"
                decoding="async"
              />
              <span className="fc-search-make__name">{make.label}</span>
              <span className="fc-search-make__count">{number(make.count)}</span>
            </button>
          </li>
        ))}
      </ul>
      {(hidden > 0 || (showAll && !words)) && makes.items.length > showAllAfter && (
        <button
          type="button"
          className="fc-search-link-button"
          aria-expanded={showAll}
          aria-controls={listId}
          onClick={() => setShowAll((v) => !v)}
        >
          {showAll ? 'Show fewer makes' : `Show all (${makes.items.length})`}
        </button>
      )}
      {single && modelItems.length > 0 && (
        <div className="fc-search-models">
          <button
            type="button"
            className="fc-search-models__toggle"
            aria-expanded={modelsOpen}
            aria-controls={`${listId}-models`}
            onClick={() => setModelsOpen((v) => !v)}
          >
            {single.label} {t('models')}
          </button>
          <ul id={`${listId}-models`} hidden={!modelsOpen}>
            {shownModels.map((model) => (
              <li key={model.value}>
                <label>
                  <input
                    type="checkbox"
                    checked={modelBoxes.checked(model.value, model.isRefined)}
                    onChange={(e) => modelBoxes.toggle(model.value, e.target.checked)}
                  />
                  <span className="fc-search-checkboxes__label">{model.label}</span>
                  <span className="fc-search-checkboxes__count">{model.count}</span>
                </label>
              </li>
            ))}
            {modelItems.length > MODELS_COLLAPSED && (
              <li>
                <button
                  type="button"
                  className="fc-search-link-button"
                  onClick={() => setModelsExpanded((v) => !v)}
                >
                  {modelsExpanded ? 'Show fewer models' : `Show all ${modelItems.length} models`}
                </button>
              </li>
            )}
          </ul>
        </div>
      )}
    </div>,
    chosen.length + models.items.filter((m) => modelBoxes.checked(m.value, m.isRefined)).length,
  );
}
