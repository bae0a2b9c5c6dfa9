/** The car summary sheet behind "Download PDF": name, price and key specifications. */
import type { Car } from '../../schemas/types.gen.ts';
import type { ResolvedSite } from '../site/types.ts';
import { DEFAULT_REGION, formatMoney, regionSettings, spell } from '../region.ts';
import { messagesFor, type MessageKey } from '../messages/index.ts';
import { renderPdf, type PdfLine } from './pdf.ts';

/** The words after a price, as the car's cards say them in the region (docs/regions.md, "Price qualifiers"). */
const PRICE_WORDS = {
  drive_away: 'price.drive_away',
  excl_gov_charges: 'price.excl_gov_charges',
  plus_orc: 'price.plus_orc',
} as const satisfies Record<Exclude<Car['price_type'], 'poa'>, MessageKey>;

/** "Drive away" → "drive away" after a figure; "+ ORC" stays as it is. */
const afterFigure = (words: string) =>
  /^[A-Z][a-z]/.test(words) ? words[0].toLowerCase() + words.slice(1) : words;

export function carPdf(car: Car, site?: ResolvedSite): Buffer {
  const region = site?.region ?? DEFAULT_REGION;
  const { locale, preOwnedLabel } = regionSettings(region);
  const { m, display } = messagesFor(region);
  // A price shows only above 10; at 10 or less, or POA, the dealer's no-price text (docs/api.md, "Cars and the PDF").
  const price =
    car.price > 10 && car.price_type !== 'poa'
      ? `${formatMoney(car.price, region)} ${afterFigure(m(PRICE_WORDS[car.price_type]))}`
      : (site?.features.noPriceText ?? 'Enquire for price');
  const specs: [string, string | number | null | undefined][] = [
    [
      'Condition',
      {
        new: 'New',
        used: preOwnedLabel && site?.features.preOwnedLabel ? 'Pre-Owned' : 'Used',
        demo: 'Demo',
      }[car.car_type],
    ],
    ['Year', car.year],
    ['Make', car.make],
    ['Model', car.model],
    ['Badge', car.badge],
    ['Odometer', `${car.km.toLocaleString(locale)} ${car.odometer_unit}`],
    ['Body', display('simple_body', car.simple_body)],
    ['Transmission', car.trans ?? car.simple_transmission],
    ['Fuel', car.fuel ? display('fuel', car.fuel) : display('simple_fuel', car.simple_fuel)],
    ['Engine', car.engine_size],
    ['Drive', car.drive],
    [spell('Colour', region), car.colour],
    ['Seats', car.seats],
    ['Stock number', car.stocknum],
    ['VIN', car.vin],
    [m('plate.short'), car.regplate],
  ];
  const lines: PdfLine[] = [
    { text: site?.name ?? car.dealership_name, size: 10 },
    { text: car.name, size: 20, bold: true, gap: 8 },
    { text: price, size: 16, bold: true, gap: 4 },
    { text: car.status === 'sold' ? 'SOLD' : '', size: 12, bold: true },
    { text: 'Key specifications', size: 13, bold: true, gap: 10 },
    // Specs with empty, null or 'null' values are left out (docs/api.md, "Cars and the PDF").
    ...specs
      .filter(([, v]) => v !== null && v !== undefined && v !== '' && v !== 'null')
      .map(([k, v]) => ({ text: `${k}: ${v}`, size: 11 })),
    { text: `${car.location_name}, ${car.city} ${car.state}`, size: 10, gap: 14 },
  ];
  return renderPdf(
    lines.filter((l) => l.text !== ''),
    { title: car.name },
  );
}
