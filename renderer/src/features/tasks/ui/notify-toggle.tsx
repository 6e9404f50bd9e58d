/** "Notify me when jobs finish": the browser shell's opt-in to web notifications. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  disableJobNotifications,
  enableJobNotifications,
  notificationsSupported,
  notificationsWanted,
  startJobNotifier,
} from '../model/job-notifier.js';

export function NotifyToggle() {
  const { t } = useTranslation('tasks');
  const [on, setOn] = useState(notificationsWanted);
  // Kept as a state, not a text, so it follows a language switch.
  const [blocked, setBlocked] = useState(false);

  // A choice made in an earlier session resumes as soon as the tab mounts.
  useEffect(() => {
    if (on) startJobNotifier();
  }, [on]);

  if (!notificationsSupported()) return null;

  const toggle = async () => {
    setBlocked(false);
    if (on) {
      disableJobNotifications();
      setOn(false);
      return;
    }
    const permission = await enableJobNotifications();
    setOn(permission === 'granted');
    setBlocked(permission === 'denied');
  };

  return (
    <div className="tasks-notify">
      <button type="button" role="switch" aria-checked={on} className="tasks-switch" onClick={() => void toggle()}>
        <span className="tasks-switch-track" aria-hidden="true">
          <span className="tasks-switch-thumb" />
        </span>
        {t('notify.toggle')}
      </button>
      <span role="status" className="hint">
        {blocked ? t('notify.blocked') : ''}
      </span>
    </div>
  );
}
