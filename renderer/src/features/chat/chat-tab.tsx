/** The Chat tab; its controls arrive with their own issue, so this stays a plain description. */
import { TabIntro } from '../../components/TabIntro.js';

export default function ChatTab() {
  return (
    <TabIntro title="Chat">
      Conversations with the gateway's text models, with replies streamed as they are written and kept per profile.
    </TabIntro>
  );
}
