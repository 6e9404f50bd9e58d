/**
 * The palette's place in the app frame (App.tsx): Ctrl+P (⌘P) from anywhere opens it on the
 * prompt field in use, instead of the browser's Print. The palette and the library's dialog are
 * loaded the first time they open, so the first paint carries neither.
 */
import { lazy, Suspense, useEffect } from 'react';
import { isMac } from '../platform.js';
import { isPaletteKey, promptFieldFocused, targetField, usePromptPalette } from './prompt-fields.js';

const Palette = lazy(() => import('./prompt-palette.js').then((m) => ({ default: m.PromptPalette })));
const Library = lazy(() => import('./prompt-library.js').then((m) => ({ default: m.PromptLibrary })));

export function PromptPaletteHost() {
  const open = usePromptPalette((s) => s.open);
  const library = usePromptPalette((s) => s.library);
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!isPaletteKey(e, isMac)) return;
      e.preventDefault();
      const state = usePromptPalette.getState();
      if (state.open || state.library) return;
      const target = targetField();
      if (target) promptFieldFocused(target.key);
      state.openPalette(target?.key);
    };
    // Capture: a field that stops its own keys' propagation still lets this one through.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
  return <Suspense fallback={null}>{open && <Palette />}{library && <Library />}</Suspense>;
}
