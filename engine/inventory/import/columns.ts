/**
 * The column map of a stock feed (docs/cars.md, "Stock import"): which car field each
 * column fills, by its header (case, spaces, dashes and underscores do not matter) or one of
 * the common aliases dealer systems export. A JSON feed's keys are read the same way.
 */
import type { Car } from '../../../schemas/types.gen.ts';

/** What a column's text is read as. */
export type ColumnKind =
  | 'text'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'date'
  | 'list'
  | 'photos'
  | 'status'
  | 'carType'
  | 'itemType'
  | 'reserveOnline';

/** The feed fields: car fields a dealer supplies, and `photos` (URLs the import stores). */
export type FeedField = keyof Car | 'photos' | 'location_slug';

export interface FeedColumn {
  field: FeedField;
  kind: ColumnKind;
  aliases: string[];
}

/** Every column a feed may carry. The field name itself is always accepted as a header too, and wins over an alias. */
export const FEED_COLUMNS: FeedColumn[] = [
  {
    field: 'stocknum',
    kind: 'text',
    aliases: ['Stock No', 'Stock Number', 'Stock #', 'Stock', 'StockNo', 'Stock ID'],
  },
  { field: 'vin', kind: 'text', aliases: ['VIN', 'VIN Number', 'Chassis', 'Chassis No'] },
  {
    field: 'regplate',
    kind: 'text',
    aliases: [
      'Rego',
      'Registration',
      'Rego No',
      'Plate',
      'Number Plate',
      'Licence Plate',
      'License Plate',
    ],
  },
  { field: 'rego_expiry', kind: 'date', aliases: ['Rego Expiry', 'Registration Expiry'] },
  { field: 'make', kind: 'text', aliases: ['Make', 'Manufacturer', 'Brand'] },
  { field: 'model', kind: 'text', aliases: ['Model'] },
  { field: 'badge', kind: 'text', aliases: ['Badge', 'Variant', 'Trim', 'Grade'] },
  { field: 'series', kind: 'text', aliases: ['Series'] },
  { field: 'year', kind: 'integer', aliases: ['Year', 'Build Year', 'Model Year'] },
  {
    field: 'price',
    kind: 'number',
    aliases: ['Price', 'Sale Price', 'Retail Price', 'Drive Away Price', 'Advertised Price'],
  },
  { field: 'price_type', kind: 'text', aliases: ['Price Type'] },
  {
    field: 'before_price',
    kind: 'number',
    aliases: ['Was Price', 'Before Price', 'Previous Price'],
  },
  {
    field: 'km',
    kind: 'integer',
    aliases: ['Odometer', 'Kms', 'KM', 'Kilometres', 'Kilometers', 'Mileage', 'Miles'],
  },
  { field: 'car_type', kind: 'carType', aliases: ['Condition', 'New/Used', 'Type', 'Car Type'] },
  { field: 'item_type', kind: 'itemType', aliases: ['Item Type', 'Vehicle Type'] },
  { field: 'status', kind: 'status', aliases: ['Status', 'Stock Status'] },
  {
    field: 'colour',
    kind: 'text',
    aliases: ['Colour', 'Color', 'Exterior Colour', 'Exterior Color'],
  },
  { field: 'body', kind: 'text', aliases: ['Body', 'Body Type', 'Body Style'] },
  { field: 'simple_body', kind: 'text', aliases: [] },
  { field: 'fuel', kind: 'text', aliases: ['Fuel', 'Fuel Type'] },
  { field: 'trans', kind: 'text', aliases: ['Transmission', 'Gearbox', 'Trans'] },
  { field: 'drive', kind: 'text', aliases: ['Drive', 'Drive Type', 'Drivetrain'] },
  { field: 'engine_size', kind: 'text', aliases: ['Engine', 'Engine Size'] },
  { field: 'seats', kind: 'integer', aliases: ['Seats'] },
  { field: 'doors', kind: 'integer', aliases: ['Doors'] },
  {
    field: 'dealercomments',
    kind: 'text',
    aliases: ['Comments', 'Dealer Comments', 'Description'],
  },
  { field: 'standardEquipment', kind: 'list', aliases: ['Features', 'Equipment', 'Options'] },
  {
    field: 'photos',
    kind: 'photos',
    aliases: ['Photos', 'Images', 'Photo URLs', 'Image URLs', 'Pictures'],
  },
  {
    field: 'created_at',
    kind: 'date',
    aliases: ['Date In Stock', 'Listed', 'Date Listed', 'In Stock Date'],
  },
  { field: 'sold_date_timestamp', kind: 'date', aliases: ['Sold Date', 'Date Sold'] },
  {
    field: 'show_on_dealer_website',
    kind: 'boolean',
    aliases: ['Show On Website', 'Published', 'Online'],
  },
  { field: 'reserved', kind: 'boolean', aliases: ['Reserved', 'On Hold'] },
  { field: 'certified', kind: 'boolean', aliases: ['Certified', 'Certified Pre-Owned', 'CPO'] },
  // What makes Reserve Now available on a car (docs/cars.md, "Card rules"): a CSV has no list of processors, so a yes/no column.
  {
    field: 'payment_processors',
    kind: 'reserveOnline',
    aliases: [
      'Reserve Online',
      'Reservable',
      'Online Reservation',
      'Buy Online',
      'Online Deposit',
      'Deposit Online',
      'Payment Processor',
      'Payment Processors',
    ],
  },
  { field: 'tag', kind: 'text', aliases: ['Tag', 'Label'] },
  { field: 'location_slug', kind: 'text', aliases: ['Location', 'Yard', 'Branch'] },
  { field: 'build_date', kind: 'text', aliases: ['Build Date'] },
  { field: 'compliance_date', kind: 'text', aliases: ['Compliance Date'] },
];

/** A header as compared: lower case, letters and digits only ("Stock No" = "stock_no" = "STOCKNO"). */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9#]/g, '');

const BY_HEADER = new Map<string, FeedColumn>(FEED_COLUMNS.map((c) => [headerKey(c.field), c]));
for (const column of FEED_COLUMNS) {
  for (const alias of column.aliases)
    if (!BY_HEADER.has(headerKey(alias))) BY_HEADER.set(headerKey(alias), column);
}

/** The column a header names, or undefined (the column is not used, and the report says so). */
export function columnOf(header: string): FeedColumn | undefined {
  return BY_HEADER.get(headerKey(header));
}

/**
 * What the import works out itself, so a JSON feed exported from the platform (whole car
 * records) can be read again: these keys are skipped without a word.
 */
export const COMPUTED_FIELDS = new Set<string>([
  'id',
  'objectID',
  'slug',
  'name',
  'carsales_title',
  'sold',
  'currency',
  'odometer_unit',
  'photos_count',
  'images',
  'thumbnails',
  'primary_image_url',
  'dealership_id',
  'dealership_slug',
  'dealership_name',
  'location',
  'location_id',
  'location_name',
  'city',
  'state',
  'description',
  'make_model',
  'price_range',
  'weekly_price_range',
  'listing_state',
  'listed_until',
  'created_at_timestamp',
  'custom_rank',
  '_tags',
  'views',
  // Addresses the platform serves itself (a history report only at its own path) and holds it sets.
  'file',
  'reserved_until',
]);
