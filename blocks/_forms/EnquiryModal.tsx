/**
 * The enquiry form in a modal, for car cards and the car detail page:
 *
 *   const [open, setOpen] = useState(false);
 *   <button onClick={() => setOpen(true)}>Enquire Now</button>
 *   <EnquiryModal car={car} mode="enquiry" open={open} onClose={() => setOpen(false)} />
 *
 * mode "test-drive" books a test drive (event 17, or 48 for used cars). The form is
 * only mounted while open, so a closed modal costs nothing. On success the visitor goes
 * to /success like any enquiry.
 */
import { useSite } from '../../engine/render/site-context.tsx';
import {
  enquiryForm_submitLabel,
  testDriveForm_submitLabel,
} from '../../schemas/block-defaults.gen.ts';
import { Dialog } from '../_shared/Dialog.tsx';
import { carTitle, type CarSummary } from './car.ts';
import { CarContext } from './CarContext.tsx';
import { EnquiryForm } from './EnquiryForm.tsx';
import './forms.css';

export interface EnquiryModalProps {
  car: CarSummary;
  mode: 'enquiry' | 'test-drive';
  open: boolean;
  onClose(): void;
  /** Reported with the analytics event (default enquiry-modal / test-drive-modal). */
  formId?: string;
}

export function EnquiryModal({ car, mode, open, onClose, formId }: EnquiryModalProps) {
  const { t } = useSite();
  const title =
    mode === 'test-drive' ? t('Book a test drive') : t(`Enquire about the ${carTitle(car)}`);
  return (
    <Dialog open={open} onClose={onClose} title={title} className="fc-enquiry-modal">
      {open && (
        <>
          <CarContext
            car={car}
            label={mode === 'test-drive' ? 'Test drive' : 'Your enquiry is about'}
          />
          <EnquiryForm
            mode={mode}
            car={car}
            steps="two"
            formId={formId ?? (mode === 'test-drive' ? 'test-drive-modal' : 'enquiry-modal')}
            submitLabel={
              mode === 'test-drive' ? testDriveForm_submitLabel : enquiryForm_submitLabel
            }
          />
        </>
      )}
    </Dialog>
  );
}
