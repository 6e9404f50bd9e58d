/**
 * The last line of defence (docs/robust-host.md, "Every job isolated"): an exception or a rejected
 * promise that no code caught is logged, and the host goes on. Every job's work catches its own
 * failures and ends that job; what reaches here is a bug, and a bug in one job's path must not end
 * every other job, the open chats and the window with it. Node's default for both is to exit.
 */
export interface CrashGuardOptions {
  log(line: string): void;
  /** Tests install the guards on an emitter of their own. */
  process?: Pick<NodeJS.Process, 'on' | 'off'>;
}

export function installCrashGuards(o: CrashGuardOptions): () => void {
  const target = o.process ?? process;
  const describe = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}${err.stack ? `\n${err.stack.split('\n').slice(1, 4).join('\n')}` : ''}` : String(err));
  const onRejection = (reason: unknown) => o.log(`host: a promise failed with nobody to catch it (survived): ${describe(reason)}`);
  const onException = (err: unknown) => o.log(`host: an error reached the top (survived): ${describe(err)}`);
  target.on('unhandledRejection', onRejection);
  target.on('uncaughtException', onException);
  return () => {
    target.off('unhandledRejection', onRejection);
    target.off('uncaughtException', onException);
  };
}
