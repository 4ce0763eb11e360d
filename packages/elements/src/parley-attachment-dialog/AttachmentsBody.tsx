import { Button } from '@adobe/react-spectrum/Button';
import { ButtonGroup } from '@adobe/react-spectrum/ButtonGroup';
import { Content } from '@adobe/react-spectrum/Content';
import { Dialog } from '@adobe/react-spectrum/Dialog';
import { useDialogContainer } from '@adobe/react-spectrum/DialogContainer';
import { Divider } from '@adobe/react-spectrum/Divider';
import { Heading } from '@adobe/react-spectrum/Heading';
import { Item, TabList, TabPanels, Tabs } from '@adobe/react-spectrum/Tabs';
import { useState } from 'react';
import type { Artifact } from '@parley/sdk/contract/artifacts';
import type { ArtifactKind, MediaKind } from '@parley/sdk/contract/artifact-texts';
import type { AttachmentClient } from './attachment-client.js';
import { LibraryPane } from './LibraryPane.js';
import { UploadPane } from './UploadPane.js';

export type TabKey = 'public' | 'private' | 'browse';

export interface AttachmentsBodyProps {
  client: AttachmentClient;
  mediaType?: ArtifactKind;
  browse: boolean;
  firstTab: TabKey;
  failure: string | null;
  onChoose(artifact: Artifact): void;
  onUploaded(artifact: Artifact): void;
  onUploadFailed(message: string): void;
}

/** The dialog itself: tabs Public, Private and (optionally) Browse, and the Close button (broadcast spec 2). */
export function AttachmentsBody(props: AttachmentsBodyProps) {
  const { client, mediaType, browse, firstTab, failure, onChoose, onUploaded, onUploadFailed } = props;
  const { dismiss } = useDialogContainer();
  const [tab, setTab] = useState<TabKey>(firstTab);
  const tabs: { key: TabKey; label: string }[] = [
    { key: 'public', label: 'Public' },
    { key: 'private', label: 'Private' },
    ...(browse ? [{ key: 'browse' as const, label: 'Browse' }] : []),
  ];
  // Once an upload has failed, the dialog only shows why until it closes.
  const locked = failure !== null;

  return (
    <Dialog size="L" UNSAFE_className="pat-dialog">
      <Heading>Attachments</Heading>
      <Divider />
      <Content>
        <Tabs
          aria-label="Attachments"
          items={tabs}
          selectedKey={tab}
          onSelectionChange={(key) => !locked && setTab(key as TabKey)}
          disabledKeys={locked ? tabs.filter((t) => t.key !== tab).map((t) => t.key) : []}
        >
          <TabList>{(t: { key: TabKey; label: string }) => <Item key={t.key}>{t.label}</Item>}</TabList>
          <TabPanels UNSAFE_className="pat-panels">
            {(t: { key: TabKey; label: string }) => (
              <Item key={t.key}>
                {t.key === 'browse' ? (
                  <UploadPane
                    client={client}
                    visibility="public"
                    mediaType={mediaType as MediaKind | undefined}
                    onUploaded={onUploaded}
                    onFailed={onUploadFailed}
                    failure={failure}
                  />
                ) : (
                  <LibraryPane client={client} visibility={t.key} mediaType={mediaType} onChoose={onChoose} />
                )}
              </Item>
            )}
          </TabPanels>
        </Tabs>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dismiss}>
          Close
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
