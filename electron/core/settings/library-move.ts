/**
 * Moving the library folder (docs/architecture.md, "Library-known media and the move
 * confirmation"): the renderer shows model output, so a `settings.update` from the page is only a
 * request. The folder must be one that may hold the library (library-folder.ts), and the creator
 * confirms the move outside the page, through the shell's port; without one, nothing moves.
 */
import { homedir } from 'node:os';
import { coreError } from '../errors.js';
import { msg } from '@shared/messages/index.js';
import type { CorePorts, LibraryMoveRequest } from '../ports.js';
import { assertLibraryFolder } from './library-folder.js';

export interface MoveDeps {
  dataDir: string;
  platform: string;
  confirm?: CorePorts['confirmLibraryMove'];
  home?: string;
}

/** Resolves when the library may move to `request.to`; otherwise throws what the creator reads. */
export async function approveLibraryMove(request: LibraryMoveRequest, deps: MoveDeps): Promise<void> {
  assertLibraryFolder(request.to, { platform: deps.platform as NodeJS.Platform, home: deps.home ?? homedir(), dataDir: deps.dataDir });
  const answer = deps.confirm ? await deps.confirm(request) : 'declined';
  switch (answer) {
    case 'confirmed':
      return;
    case 'code-required':
      throw coreError('confirmation_required', msg('app.settings.moveNeedsCode', { to: request.to }), 'libraryDir');
    case 'code-wrong':
      throw coreError('confirmation_required', msg('app.settings.moveCodeWrong'), 'confirmCode');
    case 'code-expired':
      throw coreError('confirmation_required', msg('app.settings.moveCodeExpired'), 'confirmCode');
    case 'too-many-tries':
      throw coreError('rate_limited', msg('app.settings.moveTooManyTries'), 'confirmCode');
    default:
      throw coreError('aborted', msg('app.settings.moveDeclined'), 'libraryDir');
  }
}
