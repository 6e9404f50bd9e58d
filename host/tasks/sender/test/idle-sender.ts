/**
 * A sender process that never claims a job (host/tasks/sender/sender-main.ts does): a studio
 * killed with its job handed to this one left a `ready` row, which the next start takes back.
 * It connects and listens as the real sender does (../channel.ts), and leaves with its host.
 */
import { connectToHost, LineChannel, NONCE_ENV, senderSocketArg } from '../channel.js';

const host = new LineChannel(await connectToHost(senderSocketArg(process.argv)!, process.env[NONCE_ENV] ?? ''), () => undefined);
host.onClose(() => process.exit(0));
host.send({ type: 'listening' });
