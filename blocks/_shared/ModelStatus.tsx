/** Model status badge: "New", or "Coming Soon" with a clock icon (docs/content-blocks.md, "Models"). */
import type { Model } from '../../schemas/types.gen.ts';
import { modelStatusLabel } from './models.ts';
import './model-status.css';

export function ModelStatus({ model }: { model: Pick<Model, 'status'> }) {
  const label = modelStatusLabel(model);
  if (!label) return null;
  return (
    <span
      className={`fc-model-status fc-model-status--${model.status === 'new' ? 'new' : 'coming-soon'}`}
    >
      {label === 'Coming Soon' && (
        <svg
          className="fc-model-status__icon"
          aria-hidden="true"
          focusable="false"
          viewBox="0 0 24 24"
          width="16"
          height="16"
        >
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
          <path
            d="M12 7v5l3 2"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      )}
      {label}
    </span>
  );
}
