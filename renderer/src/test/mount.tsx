/**
 * Renders a component as the studio does (react-query, the studio's strings, the features' slots
 * app/ fills) into a happy-dom
 * document, and works it the way a creator does: by the names on its buttons and fields.
 */
import type { ReactNode } from 'react';
import { act } from 'preact/test-utils';
import { vi } from 'vitest';
import { createRoot } from 'react-dom/client';
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '../i18n/index.js';
// As the first screen has them: the Chat tab's strings, and the features' translations.
import '../features/chat/strings/register.js';
import '../app/strings/languages.js';
import { FeatureSlotsProvider } from '../components/feature-slots.js';
import { FEATURE_SLOTS } from '../app/feature-slots.js';

// As main.tsx sets it: cache changes reach components in the task that made them.
notifyManager.setScheduler(queueMicrotask);

/**
 * Lets pending calls answer and their renders happen. Round by round: Preact runs the effects of
 * an act()'s renders when it ends, and an effect may start a call or fetch a chunk of code in turn.
 */
export async function settle() {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      await vi.dynamicImportSettled();
    });
  }
}

const mounted = new Set<() => void>();

/**
 * Unmounts whatever the test mounted. A root left mounted keeps its subscriptions: the next test's
 * store changes and events would reach it, and its calls would count as the next test's.
 */
export function cleanup() {
  for (const unmount of [...mounted]) unmount();
}

export async function mount(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <FeatureSlotsProvider value={FEATURE_SLOTS}>{ui}</FeatureSlotsProvider>
      </QueryClientProvider>,
    ),
  );
  // A slot's part is loaded with its own code when first shown (app/feature-slots.tsx): waited for, not timed.
  await act(() => vi.dynamicImportSettled());
  await settle();
  const unmount = () => {
    if (!mounted.delete(unmount)) return;
    act(() => root.unmount());
    host.remove();
  };
  mounted.add(unmount);
  return { host, client, unmount };
}

/** An element's accessible name, as far as these components give one. */
const nameOf = (el: Element) => (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The buttons under `scope`, by name. */
export const buttonNames = (scope: ParentNode) => [...scope.querySelectorAll('button')].map(nameOf);

export function button(scope: ParentNode, name: string | RegExp): HTMLButtonElement {
  const found = [...scope.querySelectorAll('button')].filter((b) => (typeof name === 'string' ? nameOf(b) === name : name.test(nameOf(b))));
  if (found.length !== 1) throw new Error(`${found.length} buttons named ${String(name)}; there are: ${buttonNames(scope).join(' | ')}`);
  return found[0];
}

/** The input labelled `label`. */
export function field(scope: ParentNode, label: string): HTMLInputElement {
  const tag = [...scope.querySelectorAll('label')].find((l) => nameOf(l) === label);
  const input = tag?.htmlFor ? scope.querySelector<HTMLInputElement>(`[id="${tag.htmlFor}"]`) : null;
  if (!input) throw new Error(`No field labelled ${label}`);
  return input;
}

export async function click(el: HTMLElement) {
  await act(async () => el.click());
  await settle();
}

/** Replaces the field's text as typing would (React hears the input event). */
export async function type(input: HTMLInputElement, text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function press(el: HTMLElement, key: string) {
  await act(async () => { el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })); });
}
