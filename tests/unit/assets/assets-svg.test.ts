/** Pictures the platform draws: payment marks and make wordmarks (docs/content-blocks.md). */
import { describe, expect, it } from 'vitest';
import { logoSvg, makeLogoSvg, PAYMENT_METHODS, paymentSvg } from '../../../engine/assets/svg.ts';

const PRIVATE_USE = /[\uE000-\uF8FF]/u;

describe('payment marks', () => {
  it('draw with no font-only character, each naming its method', () => {
    for (const method of PAYMENT_METHODS) {
      const svg = paymentSvg(method)!;
      expect(svg, method).not.toMatch(PRIVATE_USE);
      expect(svg).toMatch(/role="img" aria-label="[^"]+"><title>[^<]+<\/title>/);
    }
  });

  it('Apple Pay is an apple drawn as a path and the word Pay, named "Apple Pay"', () => {
    const svg = paymentSvg('apple-pay')!;
    expect(svg).toContain('aria-label="Apple Pay"');
    expect(svg).toContain('<title>Apple Pay</title>');
    expect(svg.match(/<path /g)?.length).toBeGreaterThanOrEqual(2);
    expect(svg).toMatch(/>Pay<\/text>/);
  });
});

describe('make wordmarks', () => {
  it("spell the make's name, not its initials, and name it for assistive technology", () => {
    const ford = makeLogoSvg('Ford');
    expect(ford).toContain('>FORD</text>');
    expect(ford).toContain('aria-label="Ford"');
    expect(logoSvg('Ford')).toContain('>F</text>');
  });

  it('put a long two-word name on two lines, and fit long words to the badge', () => {
    const landRover = makeLogoSvg('Land Rover');
    expect(landRover).toContain('>LAND</text>');
    expect(landRover).toContain('>ROVER</text>');
    expect(makeLogoSvg('Volkswagen')).toMatch(
      /textLength="\d+"[^>]*>VOLKSWAGEN<\/text>|font-size="[\d.]+"[^>]*>VOLKSWAGEN/,
    );
    expect(makeLogoSvg('Kia')).toContain('>KIA</text>');
  });

  it('escape the name', () => {
    expect(makeLogoSvg('A&B <x>')).not.toContain('<x>');
  });
});
