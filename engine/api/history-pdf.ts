/**
 * The car history report behind a used car's "Car History Report" button (car.file,
 * /cars/{id}/history-report.pdf): vehicle identity (make, model, year, VIN, plate,
 * odometer) and the checks a buyer looks for (registration, previous owners, finance
 * owing, written off, stolen, odometer readings), as one page of PDF.
 *
 * The findings come from a history provider behind HistoryReportSource; the platform has
 * none of its own (the demo's draws them: demo/history.ts). A report may carry a notice,
 * printed near the top and again at the foot (the demo's says it is not a real check).
 */
import type { Car } from '../../schemas/types.gen.ts';
import type { Region } from '../site/types.ts';
import { DEFAULT_REGION, regionSettings, spell } from '../region.ts';
import { messagesFor } from '../messages/index.ts';
import { documentWord } from '../messages/document-words.ts';
import { renderPdf, type PdfLine } from './pdf.ts';

export type CheckResult = 'clear' | 'note';

export interface HistoryCheck {
  /** Stable key (tests, styling of other renderings). */
  key: 'registration' | 'owners' | 'finance' | 'writtenOff' | 'stolen' | 'odometer';
  label: string;
  result: CheckResult;
  text: string;
}

export interface OdometerReading {
  date: string;
  value: number;
}

export interface HistoryReport {
  reportNumber: string;
  /** YYYY-MM-DD: the day the car was listed. */
  reportDate: string;
  owners: number;
  checks: HistoryCheck[];
  odometer: OdometerReading[];
  /** A notice printed near the top and again at the foot (e.g. that it is a demo report). */
  notice?: string;
}

/** A car's history report from a provider, or undefined when it has none (the route answers 404). */
export type HistoryReportSource = (
  car: Car,
  region: Region,
) => HistoryReport | undefined | Promise<HistoryReport | undefined>;

/** Region wording: plate, the finance register and the write-off register (engine/messages). */
export function registerWords(region: Region) {
  return {
    plate: messagesFor(region).m('plate.short'),
    finance: documentWord(region, 'history.finance'),
    financeClear: documentWord(region, 'history.financeClear'),
    writtenOff: documentWord(region, 'history.writtenOff'),
    writtenOffClear: documentWord(region, 'history.writtenOffClear'),
  };
}

/** "2021-03" or "2021-03-14" as a readable date in the region's order. */
export function formatDate(value: string, region: Region = DEFAULT_REGION): string {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(value);
  if (!m) return value;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, m[3] ? Number(m[3]) : 1));
  return date.toLocaleDateString(regionSettings(region).locale, {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    ...(m[3] ? { day: 'numeric' } : {}),
  });
}

/** The report as one A4 page of PDF (engine/api/pdf.ts). */
export function renderHistoryReportPdf(
  car: Car,
  report: HistoryReport,
  site?: { name: string; region?: Region },
): Buffer {
  const region = site?.region ?? DEFAULT_REGION;
  const { locale, complianceDate } = regionSettings(region);
  const words = registerWords(region);
  const unit = car.odometer_unit === 'mi' ? 'mi' : 'km';
  const notes = report.checks.filter((c) => c.result === 'note').length;
  const details: [string, string | number | null | undefined][] = [
    ['Year', car.year],
    ['Make', car.make],
    ['Model', car.model],
    ['Badge', car.badge],
    ['Body', car.simple_body],
    [spell('Colour', region), car.colour],
    ['VIN', car.vin],
    [words.plate, car.regplate ? `${car.regplate} (${car.state})` : 'Not registered'],
    ['Build date', car.build_date ? formatDate(car.build_date, region) : undefined],
    [
      'Compliance date',
      complianceDate && car.compliance_date ? formatDate(car.compliance_date, region) : undefined,
    ],
    ['Odometer', `${(car.km ?? 0).toLocaleString(locale)} ${unit} (at listing)`],
    ['Stock number', car.stocknum],
  ];
  const lines: PdfLine[] = [
    { text: site?.name ?? car.dealership_name, size: 10 },
    { text: 'Car History Report', size: 20, bold: true, gap: 6 },
    ...(report.notice ? [{ text: report.notice, size: 9, bold: true, gap: 2 }] : []),
    { text: car.name, size: 14, bold: true, gap: 10 },
    {
      text: `Report ${report.reportNumber}, dated ${formatDate(report.reportDate, region)}`,
      size: 9,
    },
    { text: 'Vehicle', size: 13, bold: true, gap: 10 },
    ...details
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([k, v]) => ({ text: `${k}: ${v}`, size: 10 })),
    {
      text: notes
        ? `Checks: ${notes} ${notes === 1 ? 'item' : 'items'} to note`
        : 'Checks: all clear',
      size: 13,
      bold: true,
      gap: 10,
    },
    ...report.checks.map((c) => ({
      text: `${c.result === 'clear' ? 'CLEAR' : 'NOTE'}  ${c.label}: ${c.text}`,
      size: 10,
    })),
    { text: 'Odometer readings', size: 13, bold: true, gap: 10 },
    ...report.odometer.map((r) => ({
      text: `${formatDate(r.date, region)}: ${r.value.toLocaleString(locale)} ${unit}`,
      size: 10,
    })),
    {
      text: `${report.notice ? `${report.notice} ` : ''}Vehicle details come from the dealer's listing.`,
      size: 8,
      gap: 14,
    },
  ];
  return renderPdf(lines, { title: `Car History Report: ${car.name}` });
}
