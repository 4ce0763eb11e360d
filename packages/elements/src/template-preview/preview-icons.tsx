import type { ButtonType } from '@parley/sdk/contract/template-texts';

/** Small line icons drawn in the text colour, so the preview needs no icon set. */
const Svg = ({ d, label }: { d: string; label?: string }) => (
  <svg
    className="ptp-icon"
    viewBox="0 0 24 24"
    width="16"
    height="16"
    aria-hidden={label ? undefined : true}
    aria-label={label}
    role={label ? 'img' : undefined}
  >
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

const PATHS = {
  URL: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  PHONE_NUMBER: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1z',
  COPY_CODE: 'M9 9h10v11H9zM5 15H4V4h11v1',
  QUICK_REPLY: 'M10 8 5 12l5 4M5 12h9a5 5 0 0 1 5 5v1',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9.5a1.5 1.5 0 1 0 0-.01',
  video: 'M4 6h11v12H4zM15 10l5-3v10l-5-3',
  document: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6',
  tag: 'M3 12V4h8l9 9-8 8zM7.5 8a.5.5 0 1 0 0-.01',
} as const;

export const ButtonIcon = ({ type }: { type: ButtonType }) => <Svg d={PATHS[type]} />;
export const Icon = ({ name, label }: { name: keyof typeof PATHS; label?: string }) => <Svg d={PATHS[name]} label={label} />;
