import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { crossedNote, NEGATIVE_AMOUNT_NOTE, RangeSlider, typedAmount } from './RangeSlider.tsx';
import { stopsFor } from './slider-scale.ts';

const bounds = { min: 0, max: 889_000 };
const money = (v: number) => `$${v.toLocaleString('en-AU')}`;
function slider(value: [number, number] = [0, 889_000]) {
  const onCommit = vi.fn();
  const r = render(
    <RangeSlider
      attribute="price"
      label="price"
      bounds={bounds}
      step={9000}
      stops={stopsFor('price', bounds)}
      typed
      value={value}
      format={money}
      onCommit={onCommit}
      commitDelay={0}
    />,
  );
  return { ...r, onCommit };
}

describe('range slider with a price scale and typed amounts', () => {
  it('an arrow key moves one stop ($1,000 at low prices), not a hundredth of the range', () => {
    const { getByLabelText, onCommit } = slider();
    fireEvent.keyDown(getByLabelText('Minimum price'), { key: 'ArrowRight' });
    expect(onCommit).toHaveBeenLastCalledWith([1000, 889_000]);
    expect(getByLabelText('Minimum price').getAttribute('aria-valuetext')).toBe('$1,000');
  });

  it('has labelled Min and Max boxes; a typed amount is snapped, kept in range and committed on Enter', () => {
    const { getByLabelText, onCommit } = slider();
    const min = getByLabelText('Min price') as HTMLInputElement;
    fireEvent.change(min, { target: { value: '$12,400' } });
    fireEvent.keyDown(min, { key: 'Enter' });
    expect(onCommit).toHaveBeenLastCalledWith([12_000, 889_000]);
    const max = getByLabelText('Max price') as HTMLInputElement;
    fireEvent.change(max, { target: { value: '2,000,000' } });
    fireEvent.blur(max);
    // Above the dearest car: the end of the range, i.e. no maximum; nothing changed, nothing searched.
    expect(onCommit).toHaveBeenCalledTimes(1);
  });

  it('a typed minimum above the maximum stops at the maximum (the thumbs never cross)', () => {
    const { getByLabelText, onCommit } = slider([0, 30_000]);
    const min = getByLabelText('Min price');
    fireEvent.change(min, { target: { value: '45000' } });
    fireEvent.blur(min);
    expect(onCommit).toHaveBeenLastCalledWith([30_000, 30_000]);
  });

  it('refuses a negative amount and says so, instead of reading -5000 as $5,000', () => {
    const { getByLabelText, getByRole, onCommit } = slider([0, 30_000]);
    const min = getByLabelText('Min price') as HTMLInputElement;
    fireEvent.change(min, { target: { value: '-5000' } });
    fireEvent.blur(min);
    expect(onCommit).not.toHaveBeenCalled();
    expect(getByRole('status').textContent).toBe(NEGATIVE_AMOUNT_NOTE);
    expect(min.getAttribute('aria-invalid')).toBe('true');
    expect(min.value).toBe('');
    fireEvent.change(min, { target: { value: '5000' } });
    fireEvent.blur(min);
    expect(onCommit).toHaveBeenLastCalledWith([5000, 30_000]);
    expect(getByRole('status').textContent).toBe('');
  });

  it('says where a typed minimum above the maximum stopped', () => {
    const { getByLabelText, getByRole } = slider([0, 30_000]);
    const min = getByLabelText('Min price');
    fireEvent.change(min, { target: { value: '45000' } });
    fireEvent.blur(min);
    expect(getByRole('status').textContent).toBe(crossedNote(0, '$30,000'));
    expect(min.getAttribute('aria-describedby')).toBe(getByRole('status').id);
  });

  it('reads typed amounts', () => {
    expect(typedAmount('$1,250')).toBe(1250);
    expect(typedAmount('  ')).toBeUndefined();
  });
});
