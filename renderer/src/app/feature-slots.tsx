/**
 * What fills the places where one feature shows another's UI (components/feature-slots.tsx).
 * Each part is loaded with its own code when first shown, as a tab is (lazy-panel.tsx), so that
 * neither comes with the first screen's bundle: they were in the Settings tab's and the chat
 * pane's chunks before they had a feature of their own.
 */
import type { FeatureSlots } from '../components/feature-slots.js';
import { lazyPanel } from './lazy-panel.js';

const McpServers = lazyPanel(() => import('../features/mcp/mcp-servers.js'));
const McpServerChoice = lazyPanel(() => import('../features/mcp/mcp-server-choice.js'));

export const FEATURE_SLOTS: FeatureSlots = {
  mcpServers: () => <McpServers />,
  mcpServerChoice: (props) => <McpServerChoice {...props} />,
};
