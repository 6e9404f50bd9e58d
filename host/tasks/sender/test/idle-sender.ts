/**
 * A sender process that never claims a job (host/tasks/sender/sender-main.ts does): a studio
 * killed with its job handed to this one left a `ready` row, which the next start takes back.
 * It leaves with its host, as the real sender does when it holds nothing.
 */
process.on('message', () => undefined);
process.on('disconnect', () => process.exit(0));
