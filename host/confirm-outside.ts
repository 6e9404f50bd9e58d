/**
 * Asks the creator outside the page (docs/architecture.md, "Confirmations outside the page") and
 * turns every answer but "confirmed" into the error the creator reads, in words for what was asked.
 * Without a port (a shell that cannot ask) the answer is no.
 */
import type { Message } from '@shared/messages/index.js';
import { coreError } from './errors.js';
import type { CorePorts, OutsideRequest } from './ports.js';

export interface RefusalTexts {
  needsCode: Message;
  codeWrong: Message;
  codeExpired: Message;
  tooManyTries: Message;
  declined: Message;
  /** The input the request came with: the field a refusal belongs to. */
  param: string;
}

/** Resolves when the creator confirmed `request`; otherwise throws what they read. */
export async function confirmOutside(request: OutsideRequest, confirm: CorePorts['confirmOutside'], texts: RefusalTexts): Promise<void> {
  const answer = confirm ? await confirm(request) : 'declined';
  switch (answer) {
    case 'confirmed':
      return;
    case 'code-required':
      throw coreError('confirmation_required', texts.needsCode, texts.param);
    case 'code-wrong':
      throw coreError('confirmation_required', texts.codeWrong, 'confirmCode');
    case 'code-expired':
      throw coreError('confirmation_required', texts.codeExpired, 'confirmCode');
    case 'too-many-tries':
      throw coreError('rate_limited', texts.tooManyTries, 'confirmCode');
    default:
      throw coreError('aborted', texts.declined, texts.param);
  }
}
