import { Button, ButtonGroup, Content, Dialog, Divider, Heading, Slider, Text } from '@adobe/react-spectrum';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { encodePicture, loadImage } from './encode-picture.js';
import type { PictureMime } from './picture-size.js';

interface Props {
  source: { url: string; mime: PictureMime };
  /** Crop aspect (platform-shell 2.12): 1 for a profile picture. */
  aspect?: number;
  title: string;
  onSave(dataUrl: string): Promise<void>;
  close(): void;
}

/** The image cropper dialog of the file upload (Cancel, Save): the crop is encoded in the browser within the 50 kB rule. */
export function PictureCropDialog({ source, aspect = 1, title, onSave, close }: Props) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const save = async () => {
    if (!area) return;
    setBusy(true);
    setError(undefined);
    try {
      await onSave(await encodePicture(await loadImage(source.url), area, source.mime));
      close();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog size="M">
      <Heading>{title}</Heading>
      <Divider />
      <Content>
        <div className="picture-cropper">
          <Cropper
            image={source.url}
            crop={crop}
            zoom={zoom}
            aspect={aspect}
            cropShape="round"
            showGrid={false}
            disableAutomaticStylesInjection
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
          />
        </div>
        <Slider
          label="Zoom"
          value={zoom}
          onChange={setZoom}
          minValue={1}
          maxValue={3}
          step={0.05}
          width="100%"
          getValueLabel={(v) => `${Math.round(v * 100)} %`}
        />
        {error && (
          <Text UNSAFE_className="form-message" marginTop="size-100">
            {error}
          </Text>
        )}
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={close}>
          Cancel
        </Button>
        <Button variant="accent" onPress={() => void save()} isPending={busy} isDisabled={!area}>
          Save
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
