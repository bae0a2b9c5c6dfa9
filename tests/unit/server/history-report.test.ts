/**
 * Car history reports: the PDF's contents (deterministic, with the demo note) and the
 * route on both the /sites/{slug}/ prefix and host-name routing, 404 for a car that does
 * not exist, belongs to another site's dealerships or has no report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import { request, type Server } from 'node:http';
import type { Car } from '../../../schemas/types.gen.ts';
import { car as testCar } from '../../../blocks/_cars/test-cars.ts';
import { DEMO_NOTE, historyReport, historyReportPdf } from '../../../demo/history.ts';
import type { ResolvedSite } from '../../../engine/site/types.ts';
import {
  createHistoryReportRouter,
  historyReportPath,
  reportCar,
} from '../../../engine/server/history-report.ts';
import type { SiteEntry } from '../../../engine/server/sites.ts';

function usedCar(overrides: Partial<Car> = {}): Car {
  const id = overrides.id ?? 1001;
  return testCar({
    id,
    objectID: String(id),
    file: historyReportPath(id),
    regplate: '123ABC',
    rego_expiry: '2030-01-31',
    compliance_date: '2019-04',
    build_date: '2019-03',
    ...overrides,
  });
}

const cars = [
  usedCar(),
  usedCar({ id: 1002, file: null }),
  usedCar({ id: 1003, dealership_slug: 'someone-elses-toyota' }),
  usedCar({ id: 1004, show_on_dealer_website: false }),
  usedCar({ id: 1005, file: 'https://reports.example/1005.pdf' }),
  usedCar({ id: 1006, status: 'sold', sold: true }),
];
const byId = new Map(cars.map((c) => [String(c.id), c]));

function entry(slug: string, dealerships: string[], hostnames: string[] = []): SiteEntry {
  const site = {
    slug,
    name: `${slug} motors`,
    region: 'AU',
    hostnames,
    search: { preset: 3, index: 'cars' },
    features: {},
    dealerships: dealerships.map((d) => ({ slug: d })),
  } as unknown as ResolvedSite;
  return { slug, file: `${slug}.json`, ok: true, site, data: {} as never };
}
const southern = entry('southern', ['southern-toyota'], ['southern.test']);
const other = entry('other', ['someone-elses-toyota']);
const sites = {
  get: (slug: string) => [southern, other].find((e) => e.slug === slug),
  byHostname: (host: string) =>
    [southern, other].find((e) => e.ok && e.site.hostnames?.includes(host)),
};

/** GET with a Host header (fetch does not let a caller set it). */
function getAs(
  url: string,
  host: string,
): Promise<{ status: number; type?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: res.headers['content-type'],
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The text a PDF shows: its content stream's literal strings. */
function pdfText(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const stream = /stream\n([\s\S]*?)\nendstream/.exec(text)?.[1] ?? '';
  return [...stream.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)]
    .map((m) => m[1].replace(/\\(.)/g, '$1'))
    .join('\n');
}

describe('history report contents', () => {
  it('is the same for the same car, and differs between cars', () => {
    expect(historyReport(usedCar())).toEqual(historyReport(usedCar()));
    expect(historyReportPdf(usedCar()).equals(historyReportPdf(usedCar()))).toBe(true);
    const many = Array.from({ length: 60 }, (_, i) =>
      historyReport(
        usedCar({ id: 2000 + i, year: 2010, vin: `JTDBR32E62${String(i).padStart(7, '0')}` }),
      ),
    );
    expect(new Set(many.map((r) => r.owners)).size).toBeGreaterThan(1);
  });

  it('names the car, its VIN, rego and odometer, lists every check and says it is a demo', () => {
    const car = usedCar({ km: 42000 });
    const text = pdfText(historyReportPdf(car, { name: 'Southern Motor Group', region: 'AU' }));
    for (const expected of [
      'Car History Report',
      car.name,
      `VIN: ${car.vin}`,
      'Rego: 123ABC',
      'Make: Toyota',
      'Model: Corolla',
      'Year: 2022',
      '42,000 km',
      'Southern Motor Group',
    ]) {
      expect(text).toContain(expected);
    }
    for (const check of [
      'Registration:',
      'Previous owners:',
      'Finance owing (PPSR):',
      'Written off:',
      'Stolen:',
      'Odometer:',
    ])
      expect(text).toContain(check);
    expect(text).toContain('DEMO REPORT');
    expect(text).toContain(DEMO_NOTE.slice(0, 60));
  });

  it('the odometer readings rise to the listing reading; US wording', () => {
    const report = historyReport(usedCar({ year: 2015, km: 120000 }), 'US');
    const values = report.odometer.map((r) => r.value);
    expect(values.at(-1)).toBe(120000);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
    expect(report.checks.map((c) => c.label)).toContain('Lien check');
  });

  it('is a well-formed PDF: header, cross-reference offsets and trailer', () => {
    const pdf = historyReportPdf(usedCar());
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) =>
      Number(m[1]),
    );
    offsets.forEach((o, i) =>
      expect(text.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`),
    );
  });
});

describe('which cars have a report on a site', () => {
  const get = (id: string) => byId.get(id);
  it('only a car the site shows, whose file is the report address', () => {
    const site = (southern as Extract<SiteEntry, { ok: true }>).site;
    expect(reportCar(site, '1001', get)?.id).toBe(1001);
    expect(reportCar(site, '1006', get)?.id).toBe(1006); // sold cars keep their car page, and their report
    for (const id of ['1002', '1003', '1004', '1005', '9999', 'abc', '1001.5'])
      expect(reportCar(site, id, get)).toBeUndefined();
    expect(reportCar((other as Extract<SiteEntry, { ok: true }>).site, '1003', get)?.id).toBe(1003);
  });
});

describe('history report route', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    const app = express();
    app.use(
      createHistoryReportRouter({ sites, getCar: (id) => byId.get(id), history: historyReport }),
    );
    app.use((_req, res) => res.status(404).send('fell through'));
    await new Promise<void>((resolve) => {
      server = app.listen(0, '127.0.0.1', () => resolve());
    });
    const a = server.address();
    base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('serves /sites/{slug}/cars/{id}/history-report.pdf as an inline PDF', async () => {
    const res = await fetch(`${base}/sites/southern/cars/1001/history-report.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      'inline; filename="history-report-1001.pdf"',
    );
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(body)).toContain(cars[0].vin);
  });

  it('serves /cars/{id}/history-report.pdf on the site host name', async () => {
    const res = await getAs(`${base}/cars/1001/history-report.pdf`, 'southern.test');
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    expect(pdfText(res.body)).toContain(cars[0].vin);
  });

  it("answers 404 for an unknown car, another site's car, a car without a report, or an unknown site", async () => {
    const status = async (path: string, host?: string) =>
      host ? (await getAs(base + path, host)).status : (await fetch(base + path)).status;
    expect(await status('/sites/southern/cars/9999/history-report.pdf')).toBe(404);
    expect(await status('/sites/southern/cars/1002/history-report.pdf')).toBe(404);
    expect(await status('/sites/southern/cars/1003/history-report.pdf')).toBe(404);
    expect(await status('/sites/other/cars/1001/history-report.pdf')).toBe(404);
    expect(await status('/sites/nope/cars/1001/history-report.pdf')).toBe(404);
    expect(await status('/cars/1003/history-report.pdf', 'southern.test')).toBe(404);
    // No site on this host: the app's own not-found answer.
    const res = await fetch(`${base}/cars/1001/history-report.pdf`);
    expect([res.status, await res.text()]).toEqual([404, 'fell through']);
  });
});
