/** The Tasks tab; its controls arrive with their own issue, so this stays a plain description. */
import { TabIntro } from '../../components/TabIntro.js';

export default function TasksTab() {
  return (
    <TabIntro title="Tasks">
      Every running and finished generation job in one queue, with its progress, cost and a way to cancel or retry.
    </TabIntro>
  );
}
