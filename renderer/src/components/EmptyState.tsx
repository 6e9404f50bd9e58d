/**
 * What an empty place is for, and the one thing to do next: an icon, a short line, a hint and the
 * action (the Chat tab without a conversation, Tasks without jobs, Speech before a first result).
 */
import type { ReactNode } from 'react';

interface Props {
  icon?: ReactNode;
  /** The short line: what is (not yet) here. */
  title: string;
  /** What will appear, and how. */
  children?: ReactNode;
  /** The buttons that start it. */
  actions?: ReactNode;
  className?: string;
}

export function EmptyState({ icon, title, children, actions, className }: Props) {
  return (
    <div className={`empty-state${className ? ` ${className}` : ''}`}>
      {icon && <span className="empty-state-icon">{icon}</span>}
      {/* h3: under the tab's own h2 (TabIntro). */}
      <h3 className="empty-state-title">{title}</h3>
      {children && <p className="empty-state-hint">{children}</p>}
      {actions && <div className="empty-state-actions">{actions}</div>}
    </div>
  );
}
