/**
 * The settings forms of the dealer's data (docs/editor-design.md, "Dealer data"): the
 * Locations and Offers sections are the site schema's lists edited in one generated form
 * each; this adds what the schema alone cannot say: the hours fields, in the region's words.
 */
import merge from 'lodash-es/merge.js';
import { regionSettings } from '../../../engine/region.ts';
import type { Region } from '../../../schemas/types.gen.ts';
import { settingsForm, type FormSchema } from '../../lib/schemas.ts';
import type { SettingsSection } from '../../../engine/document/words/form-schemas.ts';
import { HolidayHoursField } from './HolidayHoursField.tsx';
import { WeekHoursField } from './WeekHoursField.tsx';
import type { HoursOptions } from './hours-shared.ts';

const forms = new Map<string, FormSchema>();

/** A settings section's form, with the hours fields of the site's region on its locations. */
export function sectionForm(section: SettingsSection, region: Region | undefined): FormSchema {
  const base = settingsForm(section);
  if (!section.keys.includes('locations')) return base;
  const key = `${section.id}:${region ?? ''}`;
  let f = forms.get(key);
  if (!f) {
    const settings = regionSettings(region);
    const options: HoursOptions = { locale: settings.locale, region: settings.region };
    const hours = {
      opening_hours: { 'ui:field': WeekHoursField, 'ui:options': options },
      special_hours: { 'ui:field': HolidayHoursField, 'ui:options': options },
    };
    f = {
      schema: base.schema,
      uiSchema: merge(structuredClone(base.uiSchema), {
        locations: { items: { contact_detail: hours } },
      }),
    };
    forms.set(key, f);
  }
  return f;
}
