import { expect } from '@esm-bundle/chai';
import type { TemplateComponent } from '@parley/sdk/contract/templates';
import { initialState, refusalOf, senderForm, stillRefused, toRequest, validate, type FormValues, type SenderState } from './sender-form-model.js';
import { SenderTexts } from './sender-texts.js';

// The broadcast form's model on its own (broadcast spec 4, 5): how a choice changes the rest, what Send refuses in
// the spec's words, and the request it sends.

const IMAGE_HEADER = [
  { type: 'HEADER', format: 'IMAGE' },
  { type: 'BODY', text: 'Hi {{1}}' },
] as unknown as TemplateComponent[];
const slot = { key: '0:BODY::{{1}}', component: 'BODY', name: '{{1}}', required: true } as FormValues['slots'][number];
const picture = { fileName: 'shoe.png', type: 'IMAGE', url: '/files/shoe.png', id: 'a1' };

const filled = (over: Partial<FormValues> = {}): FormValues => ({
  channelId: 'ch1',
  templateId: 't1',
  components: IMAGE_HEADER,
  numbers: '+919876543210, +14155550100',
  media: picture,
  cardMedia: [],
  slots: [slot],
  mappings: { [slot.key]: { type: 'column', value: 'name' } },
  expressions: {},
  ...over,
});

const run = (state: SenderState, ...actions: Parameters<typeof senderForm>[1][]) => actions.reduce(senderForm, state);

describe('the broadcast form model', () => {
  it('starts from what a view or a test mode gives, nothing tried', () => {
    const state = initialState({ channel: { id: 'ch1', name: 'Sandbox' }, templateId: 'order_update', numbers: '+91 98765 43210' });
    expect(state.channel?.name).to.equal('Sandbox');
    expect(state.templateId).to.equal('order_update');
    expect(state.numbers).to.equal('+91 98765 43210');
    expect(state.tried).to.equal(false);
  });

  it('resets media, attachments and the mapping when the template changes (spec 4), and the template with the channel', () => {
    let state = run(
      initialState({ channel: { id: 'ch1', name: 'Sandbox' } }),
      { type: 'template', template: { id: 't1', name: 'order_update' } },
      { type: 'file', target: 'header', file: picture },
      { type: 'file', target: 1, file: picture },
      { type: 'mapping', key: slot.key, mapping: { type: 'static', value: 'Ana' } },
      { type: 'issue', target: 0, issue: 'Invalid file type !' },
    );
    expect(state.cardMedia).to.deep.equal([undefined, picture]);
    expect(state.mediaIssues).to.deep.equal({ 'card-0': 'Invalid file type !' });
    state = senderForm(state, { type: 'template', template: { id: 't2', name: 'spring_collection' } });
    expect([state.media, state.cardMedia, state.mappings, state.mediaIssues]).to.deep.equal([null, [], {}, {}]);
    expect(senderForm(state, { type: 'channel', channel: { id: 'ch1', name: 'Sandbox' } }), 'the same channel again changes nothing').to.equal(state);
    const other = senderForm(state, { type: 'channel', channel: { id: 'ch2', name: 'Other' } });
    expect([other.channel?.id, other.templateId, other.template]).to.deep.equal(['ch2', null, null]);
  });

  it('adds picked customers at the end of the numbers, none twice however typed', () => {
    const state = run(initialState({ numbers: '+91 98765 43210' }), { type: 'picked', numbers: ['+919876543210', '+14155550100'] });
    expect(state.numbers).to.equal('+91 98765 43210, +14155550100');
  });

  it("refuses in the spec's words: mandatory fields, a short number, a missing attachment and mapping", () => {
    const errors = validate(filled({ channelId: null, templateId: null, numbers: '+91 123, +14155550100', media: null, mappings: {} }));
    expect(errors.channel).to.equal('This Field is Mandatory');
    expect(errors.template).to.equal('This Field is Mandatory');
    expect(errors.numbers).to.equal(SenderTexts.invalidNumbers(['+91 123']));
    expect(errors.media).to.equal('Attachment is missing !');
    expect(errors.mapping).to.equal('Variable mapping missing, check all cards');
    expect(errors.badSlots).to.deep.equal([slot.key]);
    expect(validate(filled({ numbers: ' , ' })).numbers).to.equal('This Field is Mandatory');
  });

  it('sends the spec request: numbers split, the template by name and id, its media and the mapping', () => {
    const values = filled();
    expect(validate(values).badSlots).to.deep.equal([]);
    expect(toRequest({ ...values, templateName: 'order_update' }, { resourceType: 'CAMPAIGN', resourceId: 'c9' })).to.deep.equal({
      channelId: 'ch1',
      phoneNumber: ['+919876543210', '+14155550100'],
      message: {
        template: { templateId: 'order_update', templateUId: 't1', media: { fileName: 'shoe.png', type: 'IMAGE', url: '/files/shoe.png', id: 'a1' } },
      },
      columnMapping: [{ component: 'BODY', variable: '{{1}}', type: 'column', value: 'name' }],
      resourceType: 'CAMPAIGN',
      resourceId: 'c9',
    });
  });

  it('names the refused numbers from their places, and keeps marking only those still typed', () => {
    const numbers = '+919876543210, +1415';
    const refusal = refusalOf({ message: 'Invalid request', errors: [{ field: 'phoneNumber.1', message: 'Invalid number' }] }, numbers);
    expect(refusal).to.deep.equal({
      message: SenderTexts.invalidNumbers(['+1415']),
      errors: [],
      numbers: ['+1415'],
      toast: SenderTexts.invalidNumbers(['+1415']),
    });
    let state = run(initialState({ numbers }), { type: 'send' }, { type: 'refused', refusal });
    expect(stillRefused(state)).to.deep.equal(['+1415']);
    state = senderForm(state, { type: 'numbers', numbers: '+919876543210, +14155550100' });
    expect(stillRefused(state)).to.deep.equal([]);
    const other = refusalOf({ message: 'Save Failed', errors: [{ field: 'channelId', message: 'Channel not found' }] }, numbers);
    expect([other.message, other.errors, other.toast]).to.deep.equal(['Save Failed', ['Channel not found'], 'Channel not found']);
  });
});
