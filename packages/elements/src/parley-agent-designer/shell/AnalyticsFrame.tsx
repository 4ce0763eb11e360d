import { Content, Heading, IllustratedMessage } from '@adobe/react-spectrum';
import type { Agent } from '@parley/sdk/contract/nlp-agents';

const TITLES = { conversation: 'Conversation analytics', sentiment: 'Sentiment', 'call-classification': 'Call classification' } as const;

/**
 * agent-designer 2 embeds an external analytics page here whose address the spec leaves out. Parley has no such
 * service yet (the NLP report covers conversations), so the tab says so plainly instead of framing a blank page.
 */
export function AnalyticsFrame({ kind, agent }: { kind: keyof typeof TITLES; agent: Agent }) {
  return (
    <div className="pad-page">
      <IllustratedMessage>
        <Heading>{TITLES[kind]}</Heading>
        <Content>
          No analytics service is connected for “{agent.name}”. Conversation figures for this agent are in the NLP report.
        </Content>
      </IllustratedMessage>
    </div>
  );
}
