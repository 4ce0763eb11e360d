import { useMemo, useState } from 'react';
import type { TemplateButton, TemplateComponent } from '@parley/sdk/contract/templates';
import { ensureStyles } from '../internal/styles.js';
import { useLocaleFormats } from '../internal/use-locale-formats.js';
import type { LocaleFormats } from '../internal/locale-formats.js';
import { ButtonIcon, Icon } from './preview-icons.js';
import PREVIEW_CSS from './preview-styles.css?inline';
import { buttonExample, fileNameOf, fill, part, safeMediaUrl, type AnyComponent, type Of, type PartValues, type PreviewValues } from './preview-values.js';
import { formatWhatsApp } from './whatsapp-format.js';

export interface TemplatePreviewProps {
  /** The template's components, in the Cloud API's shape. */
  components: readonly TemplateComponent[];
  /** Values for the `{{n}}` of header, body and URL buttons, and per carousel card; examples fill the rest. */
  values?: PreviewValues;
  /** The header's media (a broadcast's attachment); without it, the template's sample media. */
  mediaUrl?: string;
  /** Each carousel card's media, by position; without one, that card's sample media. */
  cardMediaUrls?: readonly (string | undefined)[];
  /** When a limited-time offer ends, if the send sets it. */
  offerExpiresAt?: Date | string;
  /** The accessible name of the preview. */
  label?: string;
}

/** What WhatsApp shows on a button whose text the template leaves out (copy code has none of its own). */
const BUTTON_FALLBACK: Record<TemplateButton['type'], string> = {
  QUICK_REPLY: 'Quick reply',
  URL: 'Visit website',
  PHONE_NUMBER: 'Call phone number',
  COPY_CODE: 'Copy offer code',
};

function Media({ header, url }: { header: Of<'HEADER'>; url: string | undefined }) {
  const source = safeMediaUrl(url ?? header.example?.header_handle?.[0]);
  // An address that does not load (a sample on another site, a page's content policy) draws the placeholder.
  const [failed, setFailed] = useState<string>();
  if (header.format === 'DOCUMENT') {
    return (
      <div className="ptp-doc">
        <Icon name="document" />
        <span>{fileNameOf(source) ?? 'Document'}</span>
      </div>
    );
  }
  if (header.format === 'VIDEO') {
    return (
      <div className="ptp-media ptp-media-video" data-format="VIDEO">
        <span className="ptp-play">
          <Icon name="video" label="Video" />
        </span>
      </div>
    );
  }
  return (
    <div className="ptp-media" data-format="IMAGE">
      {source && failed !== source ? <img src={source} alt="" onError={() => setFailed(source)} /> : <Icon name="image" label="Image" />}
    </div>
  );
}

function Header({ header, values, url }: { header: Of<'HEADER'>; values: PartValues | undefined; url: string | undefined }) {
  if (header.format !== 'TEXT') return <Media header={header} url={url} />;
  const text = fill(header.text, values?.header, header.example?.header_text);
  return text ? <div className="ptp-text ptp-header-text">{formatWhatsApp(text)}</div> : null;
}

function Body({ body, values }: { body: Of<'BODY'> | undefined; values: PartValues | undefined }) {
  const text = fill(body?.text, values?.body, body?.example?.body_text[0]);
  return <div className="ptp-text ptp-body">{text.trim() ? formatWhatsApp(text) : <span className="ptp-empty">Message body</span>}</div>;
}

function Buttons({ buttons }: { buttons: Of<'BUTTONS'> | undefined }) {
  if (!buttons?.buttons.length) return null;
  return (
    <div className="ptp-buttons">
      {buttons.buttons.map((button, i) => (
        <div key={i} className="ptp-button" data-type={button.type}>
          <ButtonIcon type={button.type} />
          <span>{button.text?.trim() || BUTTON_FALLBACK[button.type]}</span>
        </div>
      ))}
    </div>
  );
}

function expiry(at: Date | string | undefined, formats: LocaleFormats): string {
  const when = formats.moment(at, 'monthDayTime');
  return when ? `Ends ${when}` : 'Ends at the time set when sent';
}

function Offer({ offer, buttons, expiresAt }: { offer: Of<'LIMITED_TIME_OFFER'>; buttons: Of<'BUTTONS'> | undefined; expiresAt: Date | string | undefined }) {
  const formats = useLocaleFormats();
  const copy = buttons?.buttons.find((b) => b.type === 'COPY_CODE');
  const code = copy ? buttonExample(copy) : undefined;
  return (
    <div className="ptp-offer">
      <span className="ptp-offer-clock">
        <Icon name="clock" />
      </span>
      <div>
        <div className="ptp-offer-title">
          {offer.limited_time_offer.text.trim() ? formatWhatsApp(offer.limited_time_offer.text) : <span className="ptp-empty">Offer</span>}
        </div>
        {offer.limited_time_offer.has_expiration && <div className="ptp-offer-expiry">{expiry(expiresAt, formats)}</div>}
        {code && (
          <div className="ptp-offer-code">
            Code <code>{code}</code>
          </div>
        )}
      </div>
    </div>
  );
}

function Card({
  components,
  values,
  mediaUrl,
  n,
}: {
  components: readonly AnyComponent[];
  values: PartValues | undefined;
  mediaUrl: string | undefined;
  n: number;
}) {
  const header = part(components, 'HEADER');
  return (
    <div className="ptp-card" role="group" aria-label={`Card ${n}`}>
      <div className="ptp-content">
        {header ? (
          <Header header={header} values={values} url={mediaUrl} />
        ) : (
          <div className="ptp-media">
            <Icon name="image" label="Image" />
          </div>
        )}
        <Body body={part(components, 'BODY')} values={values} />
      </div>
      <Buttons buttons={part(components, 'BUTTONS')} />
    </div>
  );
}

/**
 * A template as WhatsApp shows it: one bubble (header, limited-time offer, body, footer, buttons) and, for a carousel,
 * its cards in a row that scrolls sideways. Reused wherever a template is chosen or edited.
 */
export function TemplatePreview({ components, values, mediaUrl, cardMediaUrls, offerExpiresAt, label = 'Template preview' }: TemplatePreviewProps) {
  ensureStyles('template-preview', PREVIEW_CSS);
  const formats = useLocaleFormats();
  const time = useMemo(() => formats.moment(new Date(), 'time'), [formats]);
  const header = part(components, 'HEADER');
  const footer = part(components, 'FOOTER');
  const buttons = part(components, 'BUTTONS');
  const offer = part(components, 'LIMITED_TIME_OFFER');
  const carousel = part(components, 'CAROUSEL');
  const kind = carousel ? 'CAROUSEL' : offer ? 'LIMITED_TIME_OFFER' : 'DEFAULT';

  return (
    <div className="ptp" data-kind={kind} role="figure" aria-label={label}>
      <div className="ptp-bubble">
        <div className="ptp-content">
          {header && <Header header={header} values={values} url={mediaUrl} />}
          {offer && <Offer offer={offer} buttons={buttons} expiresAt={offerExpiresAt} />}
          <Body body={part(components, 'BODY')} values={values} />
          {footer?.text.trim() && <div className="ptp-footer">{footer.text}</div>}
          <span className="ptp-time">{time}</span>
        </div>
        <Buttons buttons={buttons} />
      </div>
      {carousel && (
        <div className="ptp-cards">
          {carousel.cards.map((card, i) => (
            <Card key={i} n={i + 1} components={card.components} values={values?.cards?.[i]} mediaUrl={cardMediaUrls?.[i]} />
          ))}
        </div>
      )}
    </div>
  );
}
