/**
 * Words and numbers a dealer feed is made of: trim levels, colours, body facts, equipment
 * lists, tags. Real trim names for the common models; the rest fall back to the make's
 * usual trim ladder so every listing reads like a real one.
 */

/** Trim ladders for models whose badges everyone knows (cheapest first). */
export const MODEL_BADGES: Record<string, string[]> = {
  'Ford Ranger': ['XL', 'XLS', 'XLT', 'Sport', 'Wildtrak', 'Platinum'],
  'Ford Everest': ['Ambiente', 'Trend', 'Sport', 'Platinum'],
  'Ford Ranger Raptor': ['Raptor'],
  'Ford Puma': ['Puma', 'ST-Line', 'ST-Line V'],
  'Ford Escape': ['Escape', 'ST-Line', 'Vignale', 'PHEV'],
  'Ford Mustang': ['GT', 'Dark Horse', 'EcoBoost'],
  'Ford Mustang Mach-E': ['Select', 'Premium', 'GT'],
  'Ford Transit Custom': ['Trail', 'Sport', '320S', '340L'],
  'Ford F-150': ['XLT', 'Lariat', 'Platinum'],
  'Ford Bronco': ['Big Bend', 'Outer Banks', 'Badlands', 'Wildtrak'],
  'Toyota HiLux': ['Workmate', 'SR', 'SR5', 'Rogue', 'Rugged X', 'GR Sport'],
  'Toyota LandCruiser 300': ['GX', 'GXL', 'VX', 'Sahara', 'GR Sport'],
  'Toyota LandCruiser 70': ['Workmate', 'GX', 'GXL'],
  'Toyota Prado': ['GX', 'GXL', 'VX', 'Kakadu'],
  'Toyota RAV4': ['GX', 'GXL', 'XSE', 'Cruiser', 'Edge'],
  'Toyota Corolla': ['Ascent Sport', 'SX', 'ZR'],
  'Toyota Camry': ['Ascent', 'SL', 'SX'],
  'Toyota Kluger': ['GX', 'GXL', 'Grande'],
  'Toyota Yaris Cross': ['GX', 'GXL', 'Urban'],
  'Mazda CX-5': ['G20 Maxx', 'G25 Maxx Sport', 'G25 Touring', 'G35 GT SP', 'Akera'],
  'Mazda BT-50': ['XS', 'XT', 'GT', 'SP', 'Thunder'],
  'Mazda Mazda3': ['G20 Pure', 'G20 Evolve', 'G25 GT', 'G25 Astina'],
  'Hyundai Tucson': ['Tucson', 'Elite', 'Highlander', 'N Line'],
  'Hyundai i30': ['i30', 'Active', 'Elite', 'N Line Premium'],
  'Hyundai Santa Fe': ['Santa Fe', 'Elite', 'Calligraphy'],
  'Kia Sportage': ['S', 'SX', 'SX+', 'GT-Line'],
  'Kia Carnival': ['S', 'Sport', 'Sport+', 'GT-Line'],
  'Kia Cerato': ['S', 'Sport', 'Sport+', 'GT'],
  'Mitsubishi Triton': ['GLX', 'GLX+', 'GLS', 'GSR'],
  'Isuzu D-Max': ['SX', 'LS-M', 'LS-U', 'X-Terrain'],
  'Nissan Navara': ['SL', 'ST', 'ST-X', 'PRO-4X', 'Warrior'],
  'Nissan Patrol': ['Ti', 'Ti-L', 'Warrior'],
  'Holden Commodore': ['Evoke', 'SV6', 'SS', 'SS-V Redline', 'Calais'],
  'Holden Colorado': ['LS', 'LT', 'LTZ', 'Z71'],
  'Volkswagen Amarok': ['Core', 'Life', 'Style', 'PanAmericana', 'Aventura'],
  'Volkswagen Golf': ['Life', 'Style', 'R-Line'],
  'Tesla Model 3': ['Rear-Wheel Drive', 'Long Range', 'Performance'],
  'Tesla Model Y': ['Rear-Wheel Drive', 'Long Range', 'Performance'],
  'Chevrolet Silverado': ['WT', 'Custom', 'LT', 'RST', 'LTZ', 'High Country'],
  'Chevrolet Equinox': ['LS', 'LT', 'RS', 'Premier'],
  'Chevrolet Tahoe': ['LS', 'LT', 'RST', 'Z71', 'Premier', 'High Country'],
  'Chevrolet Malibu': ['LS', 'RS', 'LT', '2LT'],
  'Jeep Wrangler': ['Night Eagle', 'Rubicon', 'Overland'],
  'Jeep Grand Cherokee': ['Laredo', 'Night Eagle', 'Limited', 'Overland', 'Summit Reserve'],
};

/** The make's usual trim ladder when the model has none of its own. */
export const MAKE_BADGES: Record<string, string[]> = {
  Toyota: ['GX', 'GXL', 'SX', 'ZR'],
  Mazda: ['G20 Pure', 'G25 Evolve', 'G25 Touring', 'G25 GT'],
  Hyundai: ['Active', 'Elite', 'Highlander'],
  Kia: ['S', 'Sport', 'Sport+', 'GT-Line'],
  Ford: ['Trend', 'Sport', 'Titanium'],
  Holden: ['LS', 'LT', 'LTZ'],
  Nissan: ['ST', 'ST-L', 'Ti'],
  Mitsubishi: ['ES', 'LS', 'Exceed'],
  Honda: ['Vi', 'VTi', 'VTi-S', 'VTi-L', 'RS'],
  Subaru: ['2.0i', '2.0i-L', '2.0i Premium', '2.0i-S'],
  Volkswagen: ['Life', 'Style', 'R-Line'],
  Skoda: ['Ambition', 'Style', 'Sportline', 'RS'],
  Suzuki: ['GL', 'GLX', 'Turbo'],
  BMW: ['sDrive18i', 'sDrive20i', 'xDrive30d', 'M Sport'],
  'Mercedes-Benz': ['180', '200', '250 4MATIC', 'AMG 43'],
  Audi: ['30 TFSI', '35 TFSI', '40 TFSI quattro', 'S line'],
  Lexus: ['Luxury', 'Sports Luxury', 'F Sport'],
  Chevrolet: ['LS', 'LT', 'RS', 'Premier'],
  Jeep: ['Sport', 'Limited', 'Trailhawk'],
  MG: ['Vibe', 'Excite', 'Essence'],
  GWM: ['Lux', 'Ultra'],
  Haval: ['Premium', 'Lux', 'Ultra'],
  BYD: ['Dynamic', 'Premium', 'Performance'],
  Isuzu: ['SX', 'LS-M', 'LS-U'],
  LDV: ['Pro', 'Mega Tub', 'Luxe'],
  'Land Rover': ['S', 'SE', 'HSE', 'Autobiography'],
  Volvo: ['Core', 'Plus', 'Ultimate'],
  Peugeot: ['Active', 'Allure', 'GT'],
  Renault: ['Life', 'Zen', 'Intens'],
  Porsche: ['Base', 'S', 'GTS'],
};

export const GENERIC_BADGES = ['Base', 'Sport', 'Premium', 'Limited'];
export const ELECTRIC_BADGES = ['Standard Range', 'Long Range', 'Performance'];
export const MOTORCYCLE_BADGES = ['', 'ABS', 'Special Edition', 'LAMS'];
export const CARAVAN_BADGES = ['16ft', '17ft', '18ft', '19ft', '20ft', '21ft', '22ft'];

export interface Colour {
  name: string;
  hex: string;
  weight: number;
}

export const COLOURS: Colour[] = [
  { name: 'White', hex: '#f3f4f6', weight: 28 },
  { name: 'Grey', hex: '#6b7280', weight: 15 },
  { name: 'Black', hex: '#1f2329', weight: 14 },
  { name: 'Silver', hex: '#c0c6cf', weight: 12 },
  { name: 'Blue', hex: '#1f4fa8', weight: 10 },
  { name: 'Red', hex: '#b3261e', weight: 8 },
  { name: 'Green', hex: '#2f6b3a', weight: 3 },
  { name: 'Orange', hex: '#e06a1b', weight: 2 },
  { name: 'Brown', hex: '#6b4a2b', weight: 2 },
  { name: 'Beige', hex: '#d8c7a3', weight: 2 },
  { name: 'Yellow', hex: '#e9c21b', weight: 1 },
  { name: 'Gold', hex: '#b8912f', weight: 1 },
  { name: 'Purple', hex: '#5b2a86', weight: 0.5 },
];

export const COLOUR_HEX: Record<string, string> = Object.fromEntries(
  COLOURS.map((c) => [c.name, c.hex]),
);

/** What a body key means to visitors and what it usually has. */
export interface BodyFacts {
  label: string;
  seats: number[];
  doors: number;
  /** Key into the vehicle silhouettes of engine/assets/svg.ts. */
  silhouette: string;
  litres: [number, number];
}

export const BODIES: Record<string, BodyFacts> = {
  hatch: { label: 'Hatch', seats: [5], doors: 5, silhouette: 'hatch', litres: [1.2, 2.0] },
  hatchback: { label: 'Hatch', seats: [5], doors: 5, silhouette: 'hatch', litres: [1.2, 2.0] },
  sedan: { label: 'Sedan', seats: [5], doors: 4, silhouette: 'sedan', litres: [1.6, 3.0] },
  wagon: { label: 'Wagon', seats: [5], doors: 5, silhouette: 'suv', litres: [1.8, 2.5] },
  stationWagon: { label: 'Wagon', seats: [5], doors: 5, silhouette: 'suv', litres: [1.8, 2.5] },
  suv: { label: 'SUV', seats: [5, 5, 7], doors: 5, silhouette: 'suv', litres: [1.5, 3.5] },
  '4x4': { label: 'SUV', seats: [5, 7], doors: 5, silhouette: 'suv', litres: [2.8, 4.5] },
  ute: { label: 'Ute', seats: [5, 5, 2], doors: 4, silhouette: 'ute', litres: [2.0, 3.0] },
  coupe: { label: 'Coupe', seats: [4, 2], doors: 2, silhouette: 'coupe', litres: [2.0, 5.0] },
  convertible: {
    label: 'Convertible',
    seats: [2, 4],
    doors: 2,
    silhouette: 'coupe',
    litres: [1.5, 3.0],
  },
  softtop: {
    label: 'Convertible',
    seats: [2, 4],
    doors: 2,
    silhouette: 'coupe',
    litres: [1.5, 3.0],
  },
  hardtop: { label: 'Coupe', seats: [2, 4], doors: 2, silhouette: 'coupe', litres: [1.5, 3.0] },
  van: { label: 'Van', seats: [2, 3], doors: 4, silhouette: 'van', litres: [2.0, 3.0] },
  peopleMover: {
    label: 'People Mover',
    seats: [7, 8],
    doors: 5,
    silhouette: 'peopleMover',
    litres: [2.0, 3.5],
  },
  bus: { label: 'Bus', seats: [12, 14], doors: 4, silhouette: 'bus', litres: [2.0, 3.0] },
  cabChassis: {
    label: 'Cab Chassis',
    seats: [2, 3],
    doors: 2,
    silhouette: 'cabChassis',
    litres: [2.0, 3.0],
  },
  lightTruck: {
    label: 'Light Truck',
    seats: [3],
    doors: 2,
    silhouette: 'cabChassis',
    litres: [3.0, 5.2],
  },
  motorhome: { label: 'Motorhome', seats: [4], doors: 3, silhouette: 'van', litres: [2.3, 3.0] },
  motorcycle: {
    label: 'Motorcycle',
    seats: [2],
    doors: 0,
    silhouette: 'motorcycle',
    litres: [0.3, 1.9],
  },
  caravan: { label: 'Caravan', seats: [0], doors: 1, silhouette: 'caravan', litres: [0, 0] },
};

export const BASE_EQUIPMENT = [
  'Air Conditioning',
  'Bluetooth',
  'Cruise Control',
  'Power Windows',
  'Central Locking',
  'ABS Brakes',
  'Electronic Stability Control',
  'Airbags',
];
export const MODERN_EQUIPMENT = [
  'Reversing Camera',
  'Apple CarPlay',
  'Android Auto',
  'Autonomous Emergency Braking',
  'Lane Keep Assist',
  'Blind Spot Monitoring',
];
export const PREMIUM_EQUIPMENT = [
  'Leather Seats',
  'Heated Seats',
  'Sunroof',
  'Adaptive Cruise Control',
  '360 Degree Camera',
  'Wireless Phone Charging',
  'Power Tailgate',
  'Head-up Display',
  'Premium Audio',
  'Keyless Entry',
];
export const OFFROAD_EQUIPMENT = [
  'Rear Diff Lock',
  'Hill Descent Control',
  'Tow Bar',
  'Bull Bar',
  'Snorkel',
];
export const MOTORCYCLE_EQUIPMENT = [
  'ABS',
  'Traction Control',
  'Ride Modes',
  'Quickshifter',
  'LED Headlight',
  'TFT Display',
  'Cruise Control',
];
export const CARAVAN_EQUIPMENT = [
  'Ensuite',
  'Queen Bed',
  'Solar Panels',
  'Air Conditioner',
  'Gas/Electric Hot Water',
  'Roll-out Awning',
  'Microwave',
  'Washing Machine',
  'Lithium Battery',
  'Independent Suspension',
];

/** Equipment worth a search filter of its own. */
export const FILTERED_FEATURES = new Set([
  'Apple CarPlay',
  'Reversing Camera',
  'Sunroof',
  'Leather Seats',
  'Heated Seats',
  'Tow Bar',
  'Adaptive Cruise Control',
  '360 Degree Camera',
  'Third Row Seating',
  'Bull Bar',
  'Ensuite',
  'Solar Panels',
]);

export const USED_TAGS = [
  'Low Kms',
  'One Owner',
  'Price Drop',
  'Clearance',
  'Full Service History',
];

/** Makes that stopped selling new (first and last model year seen in stock). */
export const MAKE_ERAS: Record<string, [number, number]> = {
  Holden: [2003, 2020],
  HSV: [2005, 2017],
  Daewoo: [1997, 2003],
  Rover: [1998, 2005],
  Saab: [2000, 2011],
  Pontiac: [2000, 2009],
  Mercury: [1995, 2010],
  Saturn: [2002, 2009],
  Hummer: [2003, 2010],
  Scion: [2005, 2016],
  Datsun: [1970, 1982],
  Austin: [1962, 1975],
  Daihatsu: [1998, 2006],
  Proton: [2004, 2016],
  Victory: [2005, 2017],
  Dacia: [2015, 2020],
  Lancia: [2005, 2015],
  Tata: [2008, 2016],
};

/** Makes that started selling recently (first model year). */
export const MAKE_SINCE: Record<string, number> = {
  BYD: 2022,
  Polestar: 2021,
  Zeekr: 2024,
  Leapmotor: 2024,
  Xpeng: 2024,
  Deepal: 2024,
  GWM: 2021,
  Haval: 2016,
  Chery: 2022,
  Tesla: 2015,
  'Lynk & Co': 2023,
  Rivian: 2022,
  Lucid: 2022,
  Fisker: 2023,
  INEOS: 2022,
  Cupra: 2020,
  Genesis: 2019,
  Smart: 2023,
  Sherco: 2015,
  'Sur-Ron': 2019,
};
