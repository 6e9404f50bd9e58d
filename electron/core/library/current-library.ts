/**
 * The library in the folder settings name. The folder can change while the studio runs; jobs,
 * chat images and the media route always reach whichever library is current through this holder,
 * and every item saved through it is announced.
 */
import type { EventName, EventPayload } from '@shared/contract/index.js';
import { Library, type LibraryOptions } from './library.js';

type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export class CurrentLibrary {
  private library: Library;

  constructor(
    root: string,
    private readonly options: Omit<LibraryOptions, 'root'>,
    private readonly emit: Emit,
  ) {
    this.library = new Library({ root, ...options });
  }

  get current(): Library {
    return this.library;
  }

  get root(): string {
    return this.library.root;
  }

  open(): Promise<number> {
    return this.library.open();
  }

  /** Saves into the current library and tells the renderer (jobs and generators save here). */
  readonly saver: Pick<Library, 'add'> = {
    add: async (input) => {
      const item = await this.library.add(input);
      this.emit('library.onDidChange', { reason: 'added', id: item.id });
      return item;
    },
  };

  /** Opens the library in another folder, after closing the one open now. */
  async switchTo(root: string): Promise<void> {
    const previous = this.library;
    this.library = new Library({ root, ...this.options });
    await previous.close();
    await this.library.open();
    this.emit('library.onDidChange', { reason: 'reset' });
  }

  close(): Promise<void> {
    return this.library.close();
  }
}
