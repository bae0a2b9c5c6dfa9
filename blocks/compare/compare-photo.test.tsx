/**
 * Compare: each column's photo is asked for through the shared photo helper (docs/cars.md,
 * "Photos"): a platform photo at the ladder widths its 240 px box can show, with `sizes` and
 * its colour; an outside address as it is; no photo, the empty box.
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectLadderPhoto, expectPlainPhoto } from '../_shared/photo-expect.ts';
import { ComparePhoto, COMPARE_PHOTO } from './index.tsx';

const STOCK_PHOTO = '/assets/stock/ranger-0123456789ab-c7a6b5c.jpg';
const OUTSIDE_PHOTO = 'https://photos.dealer.test/corolla.jpg';

const img = (photo: string | undefined) =>
  render(<ComparePhoto photo={photo} />).container.querySelector('.fc-compare__photo img');

describe('compare photos', () => {
  it('a platform photo gets the ladder widths of its box', () => {
    expectLadderPhoto(img(STOCK_PHOTO), STOCK_PHOTO, COMPARE_PHOTO);
  });

  it('an outside photo is used as it is; no photo leaves the box empty', () => {
    expectPlainPhoto(img(OUTSIDE_PHOTO), OUTSIDE_PHOTO);
    expect(img(undefined)).toBeNull();
  });
});
