/** "Notify me when jobs finish": the browser shell's opt-in to web notifications. */
import { useEffect, useState } from 'react';
import {
  disableJobNotifications,
  enableJobNotifications,
  notificationsSupported,
  notificationsWanted,
  startJobNotifier,
} from './job-notifier.js';

export function NotifyToggle() {
  const [on, setOn] = useState(notificationsWanted);
  const [note, setNote] = useState('');

  // A choice made in an earlier session resumes as soon as the tab mounts.
  useEffect(() => {
    if (on) startJobNotifier();
  }, [on]);

  if (!notificationsSupported()) return null;

  const toggle = async () => {
    setNote('');
    if (on) {
      disableJobNotifications();
      setOn(false);
      return;
    }
    const permission = await enableJobNotifications();
    setOn(permission === 'granted');
    if (permission === 'denied') setNote('This browser blocks notifications for the studio; allow them in the site settings.');
  };

  return (
    <div className="tasks-notify">
      <button type="button" role="switch" aria-checked={on} className="tasks-switch" onClick={() => void toggle()}>
        <span className="tasks-switch-track" aria-hidden="true">
          <span className="tasks-switch-thumb" />
        </span>
        Notify me when jobs finish
      </button>
      <span role="status" className="hint">
        {note}
      </span>
    </div>
  );
}
