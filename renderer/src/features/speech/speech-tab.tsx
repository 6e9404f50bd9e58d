/** The Speech tab; its controls arrive with their own issue, so this stays a plain description. */
import { TabIntro } from '../../components/TabIntro.js';

export default function SpeechTab() {
  return (
    <TabIntro title="Speech">
      Text read aloud by the gateway's speech models, with a choice of voice and quality, saved as audio files.
    </TabIntro>
  );
}
