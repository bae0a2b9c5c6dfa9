import { describe, expect, it } from 'vitest';
import { DEVICES, previewScale, scaleLabel, STAGE_GUTTER, toFramePoint } from './scale.ts';

describe('preview scale', () => {
  it('offers the true device widths', () => {
    expect(DEVICES.map((d) => d.width)).toEqual([390, 768, 1280, 1400]);
  });

  it('zooms a page wider than the stage out to fit, and never enlarges a narrower one', () => {
    expect(previewScale(1280, 640 + STAGE_GUTTER, 'fit')).toBe(0.5);
    expect(previewScale(390, 1000, 'fit')).toBe(1);
    expect(previewScale(1400, 1400 + STAGE_GUTTER, 'fit')).toBe(1);
  });

  it('keeps 100 % (the stage scrolls) and survives a stage not measured yet', () => {
    expect(previewScale(1400, 700, 'actual')).toBe(1);
    expect(previewScale(1400, 0, 'fit')).toBe(1);
  });

  it('names the scale in whole percent', () => {
    expect(scaleLabel(previewScale(1280, 700, 'fit'))).toBe('53 %');
  });

  it('turns a point of the editor window into one of the scaled frame', () => {
    expect(toFramePoint({ x: 150, y: 250 }, { left: 100, top: 200 }, 0.5)).toEqual({
      x: 100,
      y: 100,
    });
  });
});
