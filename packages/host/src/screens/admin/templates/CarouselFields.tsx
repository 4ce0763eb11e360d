import { ActionButton, Item, Picker, Text } from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import Delete from '@spectrum-icons/workflow/Delete';
import { TemplateLimits } from '@parley/sdk/contract/template-texts';
import { BodyField } from './BodyField.js';
import { ButtonsEditor } from './ButtonsEditor.js';
import { MediaUrlField } from './MediaUrlField.js';
import { useEditor } from './editor-context.js';
import { newCard, type CardForm, type TemplateForm } from './template-form.js';

type Update = (patch: Partial<TemplateForm>) => void;
const CARD_BUTTON_TYPES = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER'] as const;
const MEDIA = [
  { id: 'IMAGE', name: 'Image' },
  { id: 'VIDEO', name: 'Video' },
] as const;

function CardFields({ card, n, onChange, onRemove }: { card: CardForm; n: number; onChange(next: CardForm): void; onRemove?: () => void }) {
  const { readOnly, errors } = useEditor();
  const at = `components.CAROUSEL.cards.${n}.`;
  const mediaError = errors[`${at}HEADER`];
  return (
    <fieldset className="tpl-card">
      <legend>Card {n}</legend>
      {onRemove && (
        <ActionButton isQuiet aria-label={`Remove card ${n}`} onPress={onRemove} UNSAFE_className="tpl-remove">
          <Delete />
        </ActionButton>
      )}
      <div className="tpl-media-row">
        <Picker
          label="Media"
          items={MEDIA}
          selectedKey={card.format}
          onSelectionChange={(key) => onChange({ ...card, format: key as CardForm['format'] })}
          isDisabled={readOnly}
          width="size-1600"
        >
          {(m) => <Item key={m.id}>{m.name}</Item>}
        </Picker>
        <MediaUrlField
          value={card.mediaUrl}
          onChange={(mediaUrl) => onChange({ ...card, mediaUrl })}
          mediaType={card.format}
          placeholder="https://www.example.com/card.jpg"
          errorMessage={mediaError}
        />
      </div>
      <BodyField
        label="Card body"
        text={card.body}
        examples={card.examples}
        max={TemplateLimits.cardBody}
        at={at}
        onChange={(body, examples) => onChange({ ...card, body, examples })}
      />
      <ButtonsEditor
        buttons={card.buttons}
        onChange={(buttons) => onChange({ ...card, buttons })}
        at={at}
        max={TemplateLimits.carouselButtons}
        types={CARD_BUTTON_TYPES}
      />
    </fieldset>
  );
}

/** A carousel: the message body, then 2 to 10 cards, each with media, its own body and up to 2 buttons. */
export function CarouselFields({ form, update }: { form: TemplateForm; update: Update }) {
  const { readOnly, errors } = useEditor();
  const cards = form.cards;
  const canRemove = !readOnly && cards.length > TemplateLimits.carouselMinCards;
  return (
    <>
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
      <div className="tpl-section">
        <div className="tpl-row-title">
          <h3>Cards</h3>
          <span className="muted">
            {cards.length} of {TemplateLimits.carouselMinCards}–{TemplateLimits.carouselCards}
          </span>
        </div>
        {cards.map((card, i) => (
          <CardFields
            key={card.key}
            card={card}
            n={i + 1}
            onChange={(next) => update({ cards: cards.map((c, j) => (j === i ? next : c)) })}
            onRemove={canRemove ? () => update({ cards: cards.filter((_, j) => j !== i) }) : undefined}
          />
        ))}
        {errors['components.CAROUSEL.cards'] && (
          <p className="tpl-error" role="alert">
            {errors['components.CAROUSEL.cards']}
          </p>
        )}
        {!readOnly && (
          <ActionButton isDisabled={cards.length >= TemplateLimits.carouselCards} onPress={() => update({ cards: [...cards, newCard()] })}>
            <Add />
            <Text>Add card</Text>
          </ActionButton>
        )}
      </div>
    </>
  );
}
