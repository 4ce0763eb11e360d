import { ArtifactMessages } from '@parley/sdk/contract/artifact-texts';
import { useEffect, useState } from 'react';
import { outputMime, type PictureMime } from './picture-size.js';

/** A picked image file as an object URL for the cropper; other files get the spec's "Invalid file format". */
export function useImagePick() {
  const [source, setSource] = useState<{ url: string; mime: PictureMime } | null>(null);
  const [error, setError] = useState<string>();
  useEffect(
    () => () => {
      if (source) URL.revokeObjectURL(source.url);
    },
    [source],
  );
  const pick = (file: File | undefined) => {
    if (!file) return;
    const mime = outputMime(file.type);
    if (!mime) return setError(ArtifactMessages.invalidFormatCropped);
    setError(undefined);
    setSource({ url: URL.createObjectURL(file), mime });
  };
  return { source, error, pick, clear: () => setSource(null) };
}
