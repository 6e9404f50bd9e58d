/** The Video tab; its controls arrive with their own issue, so this stays a plain description. */
import { TabIntro } from '../../components/TabIntro.js';

export default function VideoTab() {
  return (
    <TabIntro title="Video">
      Video clips generated from a prompt or a starting image, followed as background tasks until they are ready.
    </TabIntro>
  );
}
