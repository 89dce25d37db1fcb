// The general error handler (building-blocks §8): an unexpected error in a block's start-up is logged for developers
// and shown to the user as the system error, instead of leaving a half-drawn block without a word.
import { TEXT } from '../../schemas/text/zh';
import { feedback } from './feedback';

export function handleError(error: unknown): void {
  console.error(error);
  try {
    feedback().notification.error({ title: TEXT.common.tipTitle, description: TEXT.common.systemError });
  } catch {
    // Before the app's providers are mounted only the log is left.
  }
}
