/**
 * The page's word on its host (connection.ts), fed as the event stream and the calls feed it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectionState, onReconnect, resetConnection, signedOut, streamStatus } from './connection.js';

afterEach(() => resetConnection());

describe('the connection to the host', () => {
  it('a dropped stream is "lost"; back in contact, what the host owns is read again, once', () => {
    const refresh = vi.fn();
    onReconnect(refresh);
    streamStatus({ state: 'open', bootId: 'run-1' });
    expect(refresh).not.toHaveBeenCalled();
    streamStatus({ state: 'lost' });
    streamStatus({ state: 'lost' });
    expect(connectionState().state).toBe('lost');
    streamStatus({ state: 'open' });
    streamStatus({ state: 'open', bootId: 'run-1' });
    expect(connectionState().state).toBe('online');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('a host that names another run has restarted: read again even if the loss went unseen', () => {
    const refresh = vi.fn();
    onReconnect(refresh);
    streamStatus({ state: 'open', bootId: 'run-1' });
    streamStatus({ state: 'open', bootId: 'run-2' });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('a refusal after a loss says the host was started again; one without says the tab is not signed in; it stays until a new sign-in', () => {
    streamStatus({ state: 'open', bootId: 'run-1' });
    streamStatus({ state: 'lost' });
    streamStatus({ state: 'refused', status: 403 });
    expect(connectionState()).toEqual({ state: 'signedOut', restarted: true });
    streamStatus({ state: 'open', bootId: 'run-2' });
    expect(connectionState().state).toBe('signedOut');
    resetConnection();
    signedOut();
    expect(connectionState()).toEqual({ state: 'signedOut', restarted: false });
  });

  it('an answer that is not an event stream is a loss, not a sign-out', () => {
    streamStatus({ state: 'refused', status: 200 });
    expect(connectionState().state).toBe('lost');
  });
});
