import { i18n } from '../i18n';
import { notify } from '../lib/notify';
import { progress } from '../lib/progress';
import { NetworkError } from './errors';

/** What a failed call leaves under its form: 服务器错误 when no answer came, the server's own message otherwise. */
export function failureMessage(error: unknown): string {
  return error instanceof NetworkError ? i18n.t('errors.server') : (error as Error).message;
}

/**
 * Runs a form's calls under the progress bar. The client has toasted a refusal (code 0) already; when no answer
 * came at all, that is toasted here. Resolves with null after a success, or with the failure's message.
 */
export async function withProgress(work: () => Promise<void>): Promise<string | null> {
  progress.start();
  try {
    await work();
    return null;
  } catch (error) {
    if (error instanceof NetworkError) notify.error(i18n.t('errors.server'));
    return failureMessage(error);
  } finally {
    progress.done();
  }
}
