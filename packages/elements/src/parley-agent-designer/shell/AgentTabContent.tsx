import type { Agent } from '@parley/sdk/contract/nlp-agents';
import type { AgentTab } from '../designer-routes.js';
import { GenAiConfig } from '../config/GenAiConfig.js';
import { ModelConfig } from '../config/ModelConfig.js';
import { PromptConfig } from '../config/PromptConfig.js';
import { EntityForm } from '../entities/EntityForm.js';
import { EntityList } from '../entities/EntityList.js';
import { IntentsScreen } from '../intents/IntentsScreen.js';
import { AnalyticsFrame } from './AnalyticsFrame.js';

/** The screen under the agent's tabs. */
export function AgentTabContent({ tab, agent, reloadAgent }: { tab: AgentTab | 'entity-form'; agent: Agent; reloadAgent(): void }) {
  switch (tab) {
    case 'intents':
      return <IntentsScreen agent={agent} />;
    case 'entity-list':
      return <EntityList agent={agent} />;
    case 'entity-form':
      return <EntityForm agent={agent} />;
    case 'configuration':
      return <ModelConfig agent={agent} onSaved={reloadAgent} />;
    case 'gen-ai':
      return <GenAiConfig agent={agent} onSaved={reloadAgent} />;
    case 'prompt':
      return <PromptConfig agent={agent} onSaved={reloadAgent} />;
    case 'conversation':
    case 'sentiment':
    case 'call-classification':
      return <AnalyticsFrame kind={tab} agent={agent} />;
  }
}
