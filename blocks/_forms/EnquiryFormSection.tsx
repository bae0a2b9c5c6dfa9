/**
 * The page section around an EnquiryForm, shared by the enquiry, test-drive and
 * request-photos blocks: heading, intro, the car named in ?car_id= and the form.
 */
import { useLocation } from 'react-router';
import type { Block } from '../../engine/site/types.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import { useCarFromQuery } from './car.ts';
import { CarStatus } from './CarContext.tsx';
import { DealershipField } from './DealershipField.tsx';
import { EnquiryForm, type EnquiryFormProps } from './EnquiryForm.tsx';
import { FormSection } from './Form.tsx';

interface Props {
  block: Block;
  /** Modifier class, e.g. fc-test-drive-form-block. */
  className: string;
  heading: string;
  intro?: string;
  carFromQuery: boolean;
  /** Words before the car's name, e.g. "Test drive". */
  carLabel?: string;
  form: Omit<EnquiryFormProps, 'car' | 'formId' | 'labelledBy' | 'DealershipField'>;
}

export function EnquiryFormSection({
  block,
  className,
  heading,
  intro,
  carFromQuery,
  carLabel,
  form,
}: Props) {
  const { site } = useSite();
  const { search } = useLocation();
  const carState = useCarFromQuery(site, search, carFromQuery);
  const car = carState.status === 'ready' ? carState.car : undefined;
  return (
    <FormSection block={block} className={className} heading={heading} intro={intro}>
      {(headingId) => (
        <>
          <CarStatus state={carState} label={carLabel} />
          <EnquiryForm
            {...form}
            car={car}
            formId={block.id}
            labelledBy={headingId}
            DealershipField={DealershipField}
          />
        </>
      )}
    </FormSection>
  );
}
