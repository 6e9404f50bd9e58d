/** The Image tab; its controls arrive with their own issue, so this stays a plain description. */
import { TabIntro } from '../../components/TabIntro.js';

export default function ImageTab() {
  return (
    <TabIntro title="Image">
      Images generated and edited from a prompt and reference pictures, saved straight into your library.
    </TabIntro>
  );
}
