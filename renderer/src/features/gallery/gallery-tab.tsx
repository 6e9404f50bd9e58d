/** The Gallery tab; its controls arrive with their own issue, so this stays a plain description. */
import { TabIntro } from '../../components/TabIntro.js';

export default function GalleryTab() {
  return (
    <TabIntro title="Gallery">
      Everything you have generated, saved in your library folder and browsable by kind, date and prompt.
    </TabIntro>
  );
}
