/**
 * The data files the host found unreadable and kept aside (unreadable-file.ts), gathered from
 * every store for the renderer's notice (`app.startupProblems`) until the creator dismisses
 * them (docs/security.md). Kept in memory only: the next start finds the fresh file readable.
 */
import type { DataFileKind, StartupProblem } from '@shared/contract/app.js';

export class StartupProblems {
  private readonly found: (StartupProblem & { dismissed: boolean })[] = [];

  constructor(
    /** The key files the secrets port set aside itself (it reads them on every access). */
    private readonly secretsAside: () => readonly (string | null)[],
    private readonly onChange: (problems: StartupProblem[]) => void,
  ) {}

  /** For a store: tells the creator that a file of this kind was kept aside as `backup`. */
  reporter(file: DataFileKind): (backup: string | null) => void {
    return (backup) => this.add(file, backup);
  }

  add(file: DataFileKind, backup: string | null): void {
    this.found.push({ file, backup, dismissed: false });
    this.onChange(this.list());
  }

  /** Not yet dismissed, in the order found. */
  list(): StartupProblem[] {
    const secrets = this.secretsAside();
    const known = this.found.filter((p) => p.file === 'secrets').length;
    // The port's list only grows; what it added since the last look is new.
    for (const backup of secrets.slice(known)) this.found.push({ file: 'secrets', backup, dismissed: false });
    return this.found.filter((p) => !p.dismissed).map(({ file, backup }) => ({ file, backup }));
  }

  dismiss(): void {
    this.list();
    for (const p of this.found) p.dismissed = true;
    this.onChange([]);
  }
}
