/**
 * Where focus goes after a switch of versions (docs/chat-versions.md): the turn shown is another
 * message, so its row is drawn anew and the button pressed is gone. The pager of the version
 * switched to takes focus back, on the same side, when it is drawn.
 */
export type PagerSide = 'previous' | 'next';

let wanted: { messageId: string; side: PagerSide } | undefined;

export const versionFocus = {
  /** The pager of `messageId` takes focus when it is drawn. */
  want(messageId: string, side: PagerSide): void {
    wanted = { messageId, side };
  },
  /** The side to focus, once, if this pager is the one waited for. */
  take(messageId: string): PagerSide | undefined {
    if (wanted?.messageId !== messageId) return undefined;
    const side = wanted.side;
    wanted = undefined;
    return side;
  },
};
