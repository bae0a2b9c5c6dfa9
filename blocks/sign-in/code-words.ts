/** The code step's words (CodeStep.tsx), for the block and its tests, browser tests included. */
import { signIn_code_maxLength } from '../../schemas/api-limits.gen.ts';

export const CODE_LABEL = 'Code from the text message';
export const CODE_FORMAT = `Enter the ${signIn_code_maxLength} digits of the code.`;
