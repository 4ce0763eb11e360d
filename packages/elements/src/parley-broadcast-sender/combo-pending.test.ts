import { expect } from '@esm-bundle/chai';
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { of } from 'rxjs';
import { ElementRoot } from '../internal/element-root.js';
import { ensureDesignerStyles, ensureStyles } from '../internal/styles.js';
import { until } from '../test-support/demo-session.js';
import { ComboPending } from './SearchCombo.js';
import { SearchComboBox } from './SearchComboBox.js';
import SENDER_CSS from './sender-styles.css?inline';

// The channel and template boxes show as placeholders until Spectrum's combo box arrives: the swap must not move
// the form under the user's eyes.
describe('a combo box while its code arrives', () => {
  let host: HTMLElement;
  let root: Root;

  beforeEach(() => {
    ensureDesignerStyles();
    ensureStyles('broadcast-sender', SENDER_CSS);
    host = document.createElement('div');
    host.style.width = '600px';
    document.body.append(host);
    root = createRoot(host);
  });

  afterEach(() => {
    root.unmount();
    host.remove();
  });

  it('takes the room of the combo box it stands for, its box where the real box will be', async () => {
    const combo = createElement(SearchComboBox, {
      label: 'Channel',
      loadPage: () => of({ items: [], more: false }),
      pageSize: 20,
      selected: null,
      onSelect: () => undefined,
    });
    const row = createElement(
      'div',
      { className: 'pbs-row' },
      createElement('div', { id: 'pending' }, createElement(ComboPending, { label: 'Channel' })),
      createElement('div', { id: 'real' }, combo),
    );
    root.render(createElement(ElementRoot, { container: host, className: 'pbs-root', children: row }));
    const input = await until(() => host.querySelector<HTMLElement>('#real input[role="combobox"]'), 'the combo box');
    const pending = host.querySelector<HTMLElement>('#pending')!.getBoundingClientRect();
    const real = host.querySelector<HTMLElement>('#real')!.getBoundingClientRect();
    const box = host.querySelector<HTMLElement>('.pbs-combo-pending-box')!.getBoundingClientRect();
    const field = input.getBoundingClientRect();
    expect(pending.height, 'the whole field').to.be.closeTo(real.height, 1);
    expect(box.top - pending.top, "the box's place under the label").to.be.closeTo(field.top - real.top, 1);
    expect(box.height, "the box's height").to.be.closeTo(field.height, 1);
    expect(box.width, "the box's width").to.be.closeTo(real.width, 1);
  });
});
