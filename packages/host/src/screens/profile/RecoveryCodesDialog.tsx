import { Button, ButtonGroup, Content, Dialog, Divider, Heading, Text } from '@adobe/react-spectrum';
import { toast } from '../../stores/toast-store.js';
import { RECOVERY_FILE_NAME, recoveryFileText } from './recovery-file.js';

/** Recovery codes are stored hashed: this is the only time they are shown, so Download and Copy sit beside them. */
export function RecoveryCodesDialog({ codes, account, close }: { codes: string[]; account: string; close(): void }) {
  const text = recoveryFileText(codes, account, new Date());
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_FILE_NAME;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast('Recovery codes copied', 'success');
    } catch {
      toast('The browser did not allow copying; use Download instead.', 'error');
    }
  };
  return (
    <Dialog size="M" isDismissable={false}>
      <Heading>Your recovery codes</Heading>
      <Divider />
      <Content>
        <Text>Each code signs you in once if you lose your authenticator. They are shown only now: download or copy them and keep them somewhere safe.</Text>
        <ol className="recovery-codes" aria-label="Recovery codes">
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={() => void copy()}>
          Copy
        </Button>
        <Button variant="secondary" onPress={download}>
          Download (.txt)
        </Button>
        <Button variant="accent" onPress={close}>
          I have saved them
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
