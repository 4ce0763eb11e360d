import type { PaymentStatus } from '@parley/sdk/contract/billing-texts';

/** The picture of each status (platform-shell 2.6: each status has its own image), drawn inline so it needs no file. */
export function StatusImage({ status, alt }: { status: PaymentStatus; alt: string }) {
  return (
    <svg className={`payment-image payment-image-${status}`} viewBox="0 0 96 96" width="96" height="96" role="img" aria-label={alt}>
      <circle cx="48" cy="48" r="44" className="payment-image-disc" />
      {status === 'paid' && <path d="M28 50 l13 13 l27 -29" className="payment-image-mark" />}
      {status === 'cancelled' && <path d="M33 33 L63 63 M63 33 L33 63" className="payment-image-mark" />}
      {status === 'pending' && <path d="M48 26 V48 L62 58" className="payment-image-mark" />}
      {status === 'expired' && (
        <path
          d="M32 24 H64 M32 72 H64 M35 24 C35 42 61 44 61 48 C61 52 35 54 35 72 M61 24 C61 42 35 44 35 48 C35 52 61 54 61 72"
          className="payment-image-mark"
        />
      )}
    </svg>
  );
}
