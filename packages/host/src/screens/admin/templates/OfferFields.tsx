import { Item, Picker, Switch } from '@adobe/react-spectrum';
import { TemplateLimits } from '@parley/sdk/contract/template-texts';
import { BodyField } from './BodyField.js';
import { ButtonFields } from './ButtonsEditor.js';
import { MediaUrlField } from './MediaUrlField.js';
import { CountedField } from './CountedField.js';
import { useEditor } from './editor-context.js';
import { newButton, type HeaderChoice, type TemplateForm } from './template-form.js';

const HEADER_CHOICES: { id: HeaderChoice; name: string }[] = [
  { id: 'NONE', name: 'None' },
  { id: 'IMAGE', name: 'Image' },
  { id: 'VIDEO', name: 'Video' },
];

type Update = (patch: Partial<TemplateForm>) => void;

/**
 * A limited-time offer: an optional image or video, the offer's text and whether it expires, the body, then its two buttons — the offer code
 * (COPY_CODE, button 1) and one call to action (URL, button 2), in the order the components carry them.
 */
export function OfferFields({ form, update }: { form: TemplateForm; update: Update }) {
  const { readOnly, errors } = useEditor();
  const offer = form.offer;
  const setOffer = (patch: Partial<TemplateForm['offer']>) => update({ offer: { ...offer, ...patch } });
  const code = { ...newButton('COPY_CODE'), key: 0, code: offer.code };
  const header = form.header;
  const media = header.format === 'IMAGE' || header.format === 'VIDEO';
  const setHeader = (patch: Partial<TemplateForm['header']>) => update({ header: { ...header, ...patch } });
  return (
    <>
      <div className="tpl-section tpl-media-row">
        <Picker
          label="Header"
          items={HEADER_CHOICES}
          selectedKey={media ? header.format : 'NONE'}
          onSelectionChange={(key) => setHeader({ format: key as HeaderChoice })}
          isDisabled={readOnly}
          width="size-1600"
        >
          {(c) => <Item key={c.id}>{c.name}</Item>}
        </Picker>
        {media && (
          <MediaUrlField
            value={header.mediaUrl}
            onChange={(mediaUrl) => setHeader({ mediaUrl })}
            mediaType={header.format === 'VIDEO' ? 'VIDEO' : 'IMAGE'}
            placeholder="https://www.example.com/offer.jpg"
          />
        )}
      </div>
      <div className="tpl-section">
        <CountedField
          label="Offer text"
          value={offer.text}
          onChange={(text) => setOffer({ text })}
          max={TemplateLimits.offerText}
          field="components.LIMITED_TIME_OFFER.text"
          placeholder="Expiring offer!"
        />
        <Switch isSelected={offer.hasExpiration} onChange={(hasExpiration) => setOffer({ hasExpiration })} isReadOnly={readOnly}>
          Has expiration (each send sets when the offer ends)
        </Switch>
      </div>
      <div className="tpl-section">
        <BodyField
          label="Body"
          text={form.body}
          examples={form.examples}
          max={TemplateLimits.body}
          at="components."
          onChange={(body, examples) => update({ body, examples })}
        />
      </div>
      <div className="tpl-section tpl-buttons">
        <div className="tpl-row-title">
          <h3>Buttons</h3>
          <span className="muted">1 offer code and 1 call to action</span>
        </div>
        <fieldset className="tpl-button">
          <legend>Copy code button</legend>
          <ButtonFields button={code} onChange={(next) => setOffer({ code: next.code })} at="components.BUTTONS.1." />
        </fieldset>
        <fieldset className="tpl-button">
          <legend>URL button</legend>
          <ButtonFields button={offer.button} onChange={(button) => setOffer({ button })} at="components.BUTTONS.2." />
        </fieldset>
        {errors['components.BUTTONS'] && (
          <p className="tpl-error" role="alert">
            {errors['components.BUTTONS']}
          </p>
        )}
      </div>
    </>
  );
}
