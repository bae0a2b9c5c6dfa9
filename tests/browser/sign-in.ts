/**
 * Signing in on a dealer site as a visitor does it (docs/api.md, "Watchlist and sign-in"):
 * the mobile number, Continue, then the one-time code the server texted, read from its SMS
 * outbox in the data folder as a developer would, and Sign in.
 */
import type { Page } from 'playwright-core';
import { CODE_LABEL } from '../../blocks/sign-in/code-words.ts';
import { codeFromOutbox } from '../unit/api/sign-in-kit.ts';

export async function signInWithCode(page: Page, dataDir: string, phone: string) {
  await page.getByLabel(/Mobile number/).fill(phone);
  const { code } = await codeFromOutbox(dataDir, async () => {
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel(CODE_LABEL).waitFor();
  });
  await page.getByLabel(CODE_LABEL).fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
