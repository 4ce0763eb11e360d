import { defaultTheme } from '@adobe/react-spectrum';

/** React Spectrum's theme with Parley's accent: pass both to `<Provider theme UNSAFE_className>`. */
export const parleyTheme = defaultTheme;
export const PARLEY_SPECTRUM_CLASS = 'parley-spectrum';
