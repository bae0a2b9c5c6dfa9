/**
 * The finance calculator: price, deposit, term and rate in; weekly (rounded to whole
 * dollars), fortnightly and monthly repayments out, announced politely as they change.
 * Starts at the site's calculator rate (features.calculatorInterestRate: 10, or 8.5 on
 * one dealer group); the Taurus variant starts with a 10% deposit. For a car whose card shows
 * a weekly figure it starts at that lender's rate, deposit, term and balloon instead, and the
 * weekly rule is the card's (finance-math.ts), so both quote the same amount. The disclaimer gives
 * the comparison-rate basis (a 5-year secured loan of $30,000) and the offer end date
 * (one month from today in the dealer's time zone).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useSite } from '../../engine/render/site-context.tsx';
import {
  financeCalculator_provider,
  financeCalculator_termYears,
} from '../../schemas/block-defaults.gen.ts';
import {
  COMPARISON_BASIS,
  formatDay,
  loanSummary,
  offerEndDate,
  parseAmount,
  taurusDeposit,
  todayIn,
} from './finance-math.ts';
import { dealerTimeZone } from '../_shared/dealer-zone.ts';

export interface CalculatorValues {
  price: number;
  deposit: number;
  years: number;
  rate: number;
}

/** The terms of the lender whose weekly figure a car's card shows (calculatorTerms). */
export interface CalculatorTerms {
  rate: number;
  deposit: number;
  years: number;
  balloon: number;
}

export interface FinanceCalculatorProps {
  price: number;
  /** Start from these instead of the site's defaults (a car's own finance figures). */
  terms?: CalculatorTerms;
  termYears?: number;
  provider?: 'standard' | 'taurus';
  /** Called with each valid set of values (the personalised quote sends them with the enquiry). */
  onChange?(values: CalculatorValues & { weekly: number }): void;
  headingId?: string;
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange(v: string): void;
  error?: string;
  prefix?: string;
  suffix?: string;
  inputMode?: 'numeric' | 'decimal';
}

function NumberField({
  id,
  label,
  value,
  onChange,
  error,
  prefix,
  suffix,
  inputMode = 'numeric',
}: FieldProps) {
  return (
    <div className={`fc-field${error ? ' fc-field--error' : ''}`}>
      <label className="fc-field__label" htmlFor={id}>
        {label}
      </label>
      {error && (
        <p className="fc-field__error" id={`${id}-error`}>
          <span className="fc-visually-hidden">Error: </span>
          {error}
        </p>
      )}
      <div className="fc-calc__input">
        {prefix && <span aria-hidden="true">{prefix}</span>}
        <input
          className="fc-input"
          id={id}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {suffix && <span aria-hidden="true">{suffix}</span>}
      </div>
    </div>
  );
}

export function FinanceCalculator({
  price: startPrice,
  terms,
  termYears = financeCalculator_termYears,
  provider = financeCalculator_provider,
  onChange,
  headingId,
}: FinanceCalculatorProps) {
  const { site, region, money } = useSite();
  const id = useId().replace(/[^A-Za-z0-9_-]/g, '');
  const [price, setPrice] = useState(String(startPrice));
  const [deposit, setDeposit] = useState(
    String(terms ? terms.deposit : provider === 'taurus' ? taurusDeposit(startPrice) : 0),
  );
  const [years, setYears] = useState(String(terms?.years ?? termYears));
  const [rate, setRate] = useState(String(terms?.rate ?? site.features.calculatorInterestRate));
  const balloon = terms?.balloon ?? 0;

  const p = parseAmount(price);
  const d = parseAmount(deposit);
  const r = parseAmount(rate);
  const errors = {
    price: !(p > 0)
      ? 'Please enter the vehicle price in dollars, e.g. 30,000.'
      : p > 10_000_000
        ? 'Please enter a price under $10,000,000.'
        : undefined,
    deposit: !(d >= 0)
      ? 'Please enter a deposit in dollars, or 0.'
      : p > 0 && d >= p
        ? 'The deposit must be less than the price.'
        : undefined,
    rate: !(r >= 0) || r > 40 ? 'Please enter an interest rate between 0 and 40%.' : undefined,
  };
  const valid = !errors.price && !errors.deposit && !errors.rate;
  const summary = valid
    ? loanSummary({ principal: p - d, annualRatePct: r, years: Number(years), balloon })
    : undefined;
  const report = useRef(onChange);
  report.current = onChange;
  const weekly = summary?.weekly;
  useEffect(() => {
    if (weekly !== undefined)
      report.current?.({ price: p, deposit: d, years: Number(years), rate: r, weekly });
  }, [p, d, years, r, weekly]);

  const offerEnds = formatDay(offerEndDate(todayIn(dealerTimeZone(site))), region.locale);

  return (
    <div className="fc-calc" role="group" aria-labelledby={headingId}>
      <div className="fc-calc__inputs">
        <NumberField
          id={`${id}-price`}
          label="Vehicle price"
          prefix="$"
          value={price}
          onChange={setPrice}
          error={errors.price}
        />
        <NumberField
          id={`${id}-deposit`}
          label="Deposit"
          prefix="$"
          value={deposit}
          onChange={setDeposit}
          error={errors.deposit}
        />
        <div className="fc-field">
          <label className="fc-field__label" htmlFor={`${id}-term`}>
            Loan term
          </label>
          <select
            className="fc-input fc-select"
            id={`${id}-term`}
            value={years}
            onChange={(e) => setYears(e.target.value)}
          >
            {[1, 2, 3, 4, 5, 6, 7].map((y) => (
              <option key={y} value={y}>
                {y} {y === 1 ? 'year' : 'years'}
              </option>
            ))}
          </select>
        </div>
        <NumberField
          id={`${id}-rate`}
          label="Interest rate (% a year)"
          suffix="%"
          inputMode="decimal"
          value={rate}
          onChange={setRate}
          error={errors.rate}
        />
      </div>
      <output
        className="fc-result fc-calc__result"
        htmlFor={`${id}-price ${id}-deposit ${id}-term ${id}-rate`}
        aria-live="polite"
      >
        {summary ? (
          <>
            <span>Estimated repayment</span>
            <p className="fc-result__value">
              {money(summary.weekly)} <span className="fc-calc__per">per week</span>
            </p>
            <dl>
              <dt>Fortnightly</dt>
              <dd>{money(summary.fortnightly)}</dd>
              <dt>Monthly</dt>
              <dd>{money(summary.monthly)}</dd>
              <dt>Amount financed</dt>
              <dd>{money(summary.principal)}</dd>
              {balloon > 0 && (
                <>
                  <dt>Balloon (final payment)</dt>
                  <dd>{money(Math.min(balloon, summary.principal))}</dd>
                </>
              )}
              <dt>Total interest</dt>
              <dd>{money(summary.totalInterest)}</dd>
            </dl>
          </>
        ) : (
          <span>Enter the price, deposit and rate to see your repayments.</span>
        )}
      </output>
      <p className="fc-form__legal fc-calc__disclaimer">
        Repayments are an estimate only, at {valid ? `${r}%` : 'the rate shown'} a year over the
        term shown, and are not a quote or an offer of credit. Comparison rate based on a secured
        loan of {money(COMPARISON_BASIS.amount)} over {COMPARISON_BASIS.years} years. WARNING: this
        comparison rate is true only for the example given and may not include all fees and charges.
        Different terms, fees or other loan amounts might result in a different comparison rate.
        Offer ends <span suppressHydrationWarning>{offerEnds}</span>. Finance is subject to the
        lender's approval; fees and charges apply.
      </p>
    </div>
  );
}
