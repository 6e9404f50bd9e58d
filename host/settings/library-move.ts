/**
 * Moving the library folder (docs/architecture.md, "Library-known media and the move
 * confirmation"): the renderer shows model output, so a `settings.update` from the page is only a
 * request. The folder must be one that may hold the library (library-folder.ts), and the creator
 * confirms the move outside the page, through the shell's port; without one, nothing moves.
 */
import { homedir } from 'node:os';
import { confirmOutside } from '../confirm-outside.js';
import { msg } from '@shared/messages/index.js';
import type { LanguageSetting } from '@shared/languages.js';
import type { CorePorts } from '../ports.js';
import { assertLibraryFolder } from './library-folder.js';

export interface MoveDeps {
  dataDir: string;
  platform: string;
  confirm?: CorePorts['confirmOutside'];
  home?: string;
}

export interface MoveRequest {
  from: string;
  to: string;
  /** What the creator typed from the terminal (browser shell). */
  code?: string;
  language: LanguageSetting;
}

/** Resolves when the library may move to `request.to`; otherwise throws what the creator reads. */
export async function approveLibraryMove(request: MoveRequest, deps: MoveDeps): Promise<void> {
  assertLibraryFolder(request.to, { platform: deps.platform as NodeJS.Platform, home: deps.home ?? homedir(), dataDir: deps.dataDir });
  await confirmOutside({ kind: 'library-move', ...request }, deps.confirm, {
    needsCode: msg('app.settings.moveNeedsCode', { to: request.to }),
    codeWrong: msg('app.settings.moveCodeWrong'),
    codeExpired: msg('app.settings.moveCodeExpired'),
    tooManyTries: msg('app.settings.moveTooManyTries'),
    declined: msg('app.settings.moveDeclined'),
    param: 'libraryDir',
  });
}
