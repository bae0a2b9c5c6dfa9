/**
 * The demo's sample reviews for each site, generated deterministically from its slug (the
 * API seeds a site with them the first time its reviews are asked for). The fixed sample
 * (137 reviews averaging 4.7; docs/api.md, "Reviews") belongs to gold-coast-ford; every site
 * also gets two hidden reviews and one machine-translated one, which the API must leave out.
 */
import type { SeedReview } from '../engine/api/store/reviews.ts';
import { hashString, pick, prng } from './prng.ts';

/** Published reviews by star rating, for sites with a fixed sample rating (docs/api.md, "Reviews"). */
const SAMPLE_SETS: Record<string, Record<number, number>> = {
  // 99 x 5 + 35 x 4 + 3 x 3 = 644 over 137 reviews: 4.70.
  'gold-coast-ford': { 5: 99, 4: 35, 3: 3 },
};

const FIRST = [
  'Sarah',
  'James',
  'Olivia',
  'Liam',
  'Chloe',
  'Noah',
  'Mia',
  'Jack',
  'Aroha',
  'Tane',
  'Emily',
  'Lucas',
  'Grace',
  'Ethan',
  'Zoe',
  'Oliver',
  'Priya',
  'Wei',
  'Hannah',
  'Mateo',
  'Ava',
  'Cooper',
  'Isla',
  'Ryan',
];
const LAST = ['S.', 'M.', 'T.', 'W.', 'K.', 'B.', 'R.', 'P.', 'H.', 'N.', 'L.', 'D.'];
const GOOD = [
  'Great experience from start to finish. The sales team were friendly and never pushy.',
  'Picked up my new car today. Everything was ready on time and explained clearly.',
  'Fair trade-in price and a smooth finance approval. Would buy here again.',
  'Service department kept me updated all day and the car came back spotless.',
  'Test drive was easy to book online and the car was waiting when I arrived.',
  'Honest advice, no hidden fees. Highly recommend.',
  'Second car we have bought here. Same great service as the first time.',
  'They found exactly the model I wanted and had it delivered within a week.',
];
const OKAY = [
  'Good service overall, though the handover took longer than expected.',
  'Helpful staff. Paperwork was a little slow but they sorted it out.',
  'Happy with the car. Communication could have been better during the wait.',
];

const iso = (d: Date) => d.toISOString().slice(0, 10);

export function seedReviews(slug: string, today: Date): SeedReview[] {
  const rand = prng(hashString(slug));
  const set = SAMPLE_SETS[slug] ?? defaultSet(20 + (hashString(slug) % 40));
  const ratings = Object.entries(set).flatMap(([stars, n]) => Array<number>(n).fill(Number(stars)));
  // Shuffle so that the newest reviews are not all five stars.
  for (let i = ratings.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [ratings[i], ratings[j]] = [ratings[j], ratings[i]];
  }
  const daysAgo = () => 1 + Math.floor(rand() * 720);
  const date = () => iso(new Date(today.getTime() - daysAgo() * 86_400_000));
  const name = () => `${pick(rand, FIRST)} ${pick(rand, LAST)}`;
  const reviews: SeedReview[] = ratings.map((rating) => ({
    customer_name: name(),
    rating,
    // Some customers leave stars only.
    text: rand() < 0.15 ? null : pick(rand, rating >= 4 ? GOOD : OKAY),
    review_date: date(),
    hidden: false,
  }));
  reviews.push(
    {
      customer_name: name(),
      rating: 1,
      text: 'Spam review removed by the dealership.',
      review_date: date(),
      hidden: true,
    },
    {
      customer_name: name(),
      rating: 2,
      text: 'Duplicate review.',
      review_date: date(),
      hidden: true,
    },
    {
      customer_name: name(),
      rating: 2,
      text: '(Translated by Google) Service was slow.',
      review_date: date(),
      hidden: false,
    },
  );
  return reviews;
}

function defaultSet(count: number): Record<number, number> {
  const fives = Math.round(count * 0.7);
  const fours = Math.round(count * 0.22);
  return { 5: fives, 4: fours, 3: count - fives - fours };
}
