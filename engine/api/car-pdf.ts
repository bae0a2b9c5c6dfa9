/** The car summary sheet behind "Download PDF": name, price and key specifications. */
import type { Car } from '../../schemas/types.gen.ts';
import type { ResolvedSite } from '../site/types.ts';
import { DEFAULT_REGION, formatMoney, regionSettings, spell } from '../region.ts';
import { messagesFor } from '../messages/index.ts';
import { renderPdf, type PdfLine } from './pdf.ts';

const PRICE_TYPES: Record<Car['price_type'], string> = {
  drive_away: 'Drive away',
  excl_gov_charges: 'Excl. government charges',
  plus_orc: 'Plus on-road costs',
  poa: 'Price on application',
};

export function carPdf(car: Car, site?: ResolvedSite): Buffer {
  const region = site?.region ?? DEFAULT_REGION;
  const { locale, preOwnedLabel } = regionSettings(region);
  // A price shows only above 10; at 10 or less, or POA, the dealer's no-price text (docs/api.md, "Cars and the PDF").
  const price =
    car.price > 10 && car.price_type !== 'poa'
      ? `${formatMoney(car.price, region)} ${PRICE_TYPES[car.price_type].toLowerCase()}`
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
    ['Body', car.simple_body],
    ['Transmission', car.trans ?? car.simple_transmission],
    ['Fuel', car.fuel ?? car.simple_fuel],
    ['Engine', car.engine_size],
    ['Drive', car.drive],
    [spell('Colour', region), car.colour],
    ['Seats', car.seats],
    ['Stock number', car.stocknum],
    ['VIN', car.vin],
    [messagesFor(region).m('plate.short'), car.regplate],
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
