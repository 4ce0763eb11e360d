import { Content } from '@adobe/react-spectrum/Content';
import { Heading } from '@adobe/react-spectrum/Heading';
import { IllustratedMessage } from '@adobe/react-spectrum/IllustratedMessage';
import type { Agent } from '@parley/sdk/contract/nlp-agents';
import { useDesigner } from '../designer-context.js';
import { analyticsAddress, type AnalyticsKind } from './analytics-address.js';

const TITLES: Record<AnalyticsKind, string> = { conversation: 'Conversation analytics', sentiment: 'Sentiment', 'call-classification': 'Call classification' };

/**
 * agent-designer 2 embeds an external analytics page here. Its address comes from configuration (the host passes
 * PARLEY_ANALYTICS_URL as `analytics-url`); without one the tab says so plainly instead of framing a blank page.
 */
export function AnalyticsFrame({ kind, agent }: { kind: AnalyticsKind; agent: Agent }) {
  const { analyticsUrl } = useDesigner();
  if (analyticsUrl) {
    return <iframe className="pad-analytics-frame" title={`${TITLES[kind]}: ${agent.name}`} src={analyticsAddress(analyticsUrl, kind, agent)} />;
  }
  return (
    <div className="pad-page">
      <IllustratedMessage>
        <Heading>{TITLES[kind]} is not configured</Heading>
        <Content>
          An administrator connects an analytics service by setting PARLEY_ANALYTICS_URL. Conversation figures for “{agent.name}” are in the NLP report.
        </Content>
      </IllustratedMessage>
    </div>
  );
}
