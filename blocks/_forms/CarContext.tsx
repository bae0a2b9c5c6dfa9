/** "About this car" above a form: the car's title, stock number and price when known. */
import { useSite } from '../../engine/render/site-context.tsx';
import { carTitle, type CarSummary, type CarState } from './car.ts';

export function CarContext({
  car,
  label = 'Your enquiry is about',
}: {
  car: CarSummary;
  label?: string;
}) {
  const { money } = useSite();
  return (
    <div className="fc-form-block__car">
      <span>{label}</span>
      <strong>{carTitle(car)}</strong>
      {(car.stocknum || (car.price ?? 0) > 10) && (
        <span>
          {car.stocknum ? `Stock no. ${car.stocknum}` : ''}
          {car.stocknum && (car.price ?? 0) > 10 ? ' · ' : ''}
          {(car.price ?? 0) > 10 ? money(car.price!) : ''}
        </span>
      )}
    </div>
  );
}

/** The car from ?car_id= while it loads, once found, or a note when it is gone. */
export function CarStatus({ state, label }: { state: CarState; label?: string }) {
  if (state.status === 'ready') return <CarContext car={state.car} label={label} />;
  if (state.status === 'loading')
    return (
      <p className="fc-form-block__intro" aria-live="polite">
        Loading the car's details…
      </p>
    );
  if (state.status === 'missing')
    return (
      <p className="fc-form-block__intro" role="status">
        We couldn't find that car (it may have been sold). You can still send us your details.
      </p>
    );
  return null;
}
