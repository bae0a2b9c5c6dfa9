/**
 * Quick search block (docs/content-blocks.md, "Quick search"): make, model, body type and a
 * maximum price or weekly repayment, sent to the site's stock search. The server renders a
 * plain GET form whose field names are the search page's query string, so it works before
 * (and without) JavaScript; once hydrated, the model list follows the make and the button
 * opens the search's own address (/search/{make}/{model}?range[price]=:40000) in the page.
 * No search UI is loaded: the choices come from the server's facet query (load.ts), and the
 * search's URL rules (url.ts) load when the visitor reaches the form, so the page's own
 * JavaScript stays small (docs/content-blocks.md, "Quick search").
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useHref, useNavigate } from 'react-router';
import { defineBlock } from '../../engine/render/block.ts';
import { usePages, useSite } from '../../engine/render/site-context.tsx';
import type { QuickSearchProps } from '../../schemas/resolved.gen.ts';
import {
  budgetSteps,
  byName,
  choiceFromForm,
  FIELD_NAMES,
  searchTarget,
  type QuickSearchData,
} from './rules.ts';
import './quick-search.css';

const EMPTY: QuickSearchData = { makes: [], bodies: [] };

/** The search's URL rules, fetched once when the visitor points at or focuses the form (and at the latest on submit). */
let urlRules: Promise<typeof import('./url.ts')> | undefined;
const loadUrlRules = () => (urlRules ??= import('./url.ts'));

function QuickSearch({
  props,
  block,
  data,
}: {
  props: QuickSearchProps;
  block: { id: string };
  data?: unknown;
}) {
  const { money, t, display, data: siteData } = useSite();
  const pages = usePages();
  const d = (data as QuickSearchData | undefined) ?? EMPTY;
  // A–Z as the region reads them (a US Pickup Truck sorts under P, not where Ute would).
  const bodies = d.bodies
    .map((b) => [b, display('simple_body', b)] as const)
    .sort(([, a], [, b]) => byName(a, b));
  const target = searchTarget(pages, siteData.pageTypes);
  const action = useHref(target.action);
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  // The make the model list follows; undefined until the page is interactive.
  const [make, setMake] = useState<string | undefined>();
  const id = (name: string) => `${block.id}-${name}`;
  const headingId = id('heading');

  useEffect(() => {
    // A make the visitor chose in the server's form before the page was interactive is kept.
    const values = formRef.current ? new FormData(formRef.current) : undefined;
    setMake(String(values?.get(FIELD_NAMES.make) ?? ''));
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const choice = choiceFromForm(new FormData(form), FIELD_NAMES);
    loadUrlRules().then(
      ({ quickSearchUrl }) => navigate(quickSearchUrl(choice, target, pages, siteData.pageTypes)),
      () => {
        // The rules could not load (offline): the plain form still searches.
        urlRules = undefined;
        form.submit();
      },
    );
  };

  const chosenMake = make ? d.makes.find((m) => m.name === make) : undefined;
  const prices = budgetSteps(props.prices, d.priceMax);
  const weekly = budgetSteps(props.weekly, d.weeklyMax);
  const label = props.heading ? t(props.heading) : t('Quick search');

  return (
    <section
      className="fc-quick-search"
      aria-labelledby={props.heading ? headingId : undefined}
      aria-label={props.heading ? undefined : label}
      data-block-id={block.id}
    >
      <div className="fc-container">
        {props.heading && (
          <h2 id={headingId} className="fc-quick-search__heading">
            {t(props.heading)}
          </h2>
        )}
        <form
          ref={formRef}
          className="fc-quick-search__form"
          method="get"
          action={action}
          role="search"
          aria-label={label}
          onSubmit={onSubmit}
          onPointerEnter={loadUrlRules}
          onFocus={loadUrlRules}
          data-ready={make === undefined ? undefined : 'true'}
        >
          <div className="fc-quick-search__field">
            <label htmlFor={id('make')}>{t('Make')}</label>
            <select
              id={id('make')}
              name={FIELD_NAMES.make}
              defaultValue=""
              onChange={(e) => setMake(e.currentTarget.value)}
            >
              <option value="">{t('Any make')}</option>
              {d.makes.map((m) => (
                <option key={m.name} value={m.name}>
                  {m.name}
                </option>
              ))}
            </select>
          </div>
          <div className="fc-quick-search__field">
            {/* The model list follows the make: rebuilt for each make, empty until one is chosen. */}
            <label htmlFor={id('model')} className="fc-quick-search__scripted">
              {t('Model')}
            </label>
            <select
              key={make ?? ''}
              id={id('model')}
              className="fc-quick-search__scripted"
              name={FIELD_NAMES.model}
              defaultValue=""
              disabled={!chosenMake}
            >
              <option value="">{chosenMake ? t('Any model') : t('Choose a make first')}</option>
              {chosenMake?.models.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
            {/* Without JavaScript every model is offered, grouped by make. With it, a noscript's
                content is text to the browser: no element, no layout, nothing to hydrate. */}
            <noscript>
              <label htmlFor={id('any-model')}>{t('Model')}</label>
              <select id={id('any-model')} name={FIELD_NAMES.model} defaultValue="">
                <option value="">{t('Any model')}</option>
                {d.makes
                  .filter((m) => m.models.length)
                  .map((m) => (
                    <optgroup key={m.name} label={m.name}>
                      {m.models.map((model) => (
                        <option key={model} value={model}>
                          {model}
                        </option>
                      ))}
                    </optgroup>
                  ))}
              </select>
            </noscript>
          </div>
          <div className="fc-quick-search__field">
            <label htmlFor={id('body')}>{t('Body type')}</label>
            <select id={id('body')} name={FIELD_NAMES.body} defaultValue="">
              <option value="">{t('Any body type')}</option>
              {bodies.map(([b, label]) => (
                <option key={b} value={b}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="fc-quick-search__field fc-quick-search__budget">
            <legend className="fc-visually-hidden">{t('Budget')}</legend>
            <div className="fc-quick-search__toggle">
              {(['price', 'weekly'] as const).map((mode) => (
                <label key={mode} className="fc-quick-search__mode">
                  <input
                    type="radio"
                    name={FIELD_NAMES.budget}
                    value={mode}
                    defaultChecked={props.budget === mode}
                  />
                  <span>{mode === 'price' ? t('Price') : t('Weekly budget')}</span>
                </label>
              ))}
            </div>
            <label htmlFor={id('price')} className="fc-visually-hidden">
              {t('Maximum price')}
            </label>
            <select
              id={id('price')}
              className="fc-quick-search__price"
              name={FIELD_NAMES.price}
              defaultValue=""
            >
              <option value="">{t('Any price')}</option>
              {prices.map((p) => (
                <option key={p} value={`:${p}`}>
                  {t('Up to')} {money(p)}
                </option>
              ))}
            </select>
            <label htmlFor={id('weekly')} className="fc-visually-hidden">
              {t('Maximum weekly repayment')}
            </label>
            <select
              id={id('weekly')}
              className="fc-quick-search__weekly"
              name={FIELD_NAMES.weekly}
              defaultValue=""
            >
              <option value="">{t('Any weekly repayment')}</option>
              {weekly.map((w) => (
                <option key={w} value={`:${w}`}>
                  {t('Up to')} {money(w)}/wk
                </option>
              ))}
            </select>
          </fieldset>
          <button type="submit" className="fc-button fc-quick-search__submit">
            {t(props.buttonLabel)}
          </button>
        </form>
      </div>
    </section>
  );
}

export default defineBlock<QuickSearchProps>({
  // Runs on the server (and on client-side navigation): its search client never ships with the page.
  load: (ctx) => import('./load.ts').then((m) => m.loadQuickSearch(ctx)),
  component: QuickSearch,
});
