import { expect } from '@esm-bundle/chai';
import { analyticsAddress } from './analytics-address.js';

describe('analytics frame address', () => {
  const agent = { id: 'agent-1', eId: 'ent-9' };
  it('passes the enterprise and the agent for conversation and sentiment', () => {
    const url = new URL(analyticsAddress('https://analytics.example.com/embed?theme=light', 'sentiment', agent));
    expect(url.origin + url.pathname).to.equal('https://analytics.example.com/embed');
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({ theme: 'light', view: 'sentiment', eId: 'ent-9', agentId: 'agent-1' });
  });
  it('passes the enterprise and the fixed department for call classification, never the agent', () => {
    const url = new URL(analyticsAddress('https://analytics.example.com/embed', 'call-classification', agent));
    expect(url.searchParams.get('departmentId')).to.equal('default');
    expect(url.searchParams.has('agentId')).to.equal(false);
  });
});
