import { Button, ButtonGroup, Content, Dialog, Divider, Form, Heading, Item, Picker, TextArea, TextField } from '@adobe/react-spectrum';
import { useEffect, useState } from 'react';
import { DepartmentLimits, DepartmentMessages, type Department } from '@parley/sdk/contract/departments';
import type { EnterpriseUser } from '@parley/sdk/contract/users';
import { toast } from '../../stores/toast-store.js';
import { showRefusal } from '../../components/show-refusal.js';
import { departmentCalls, fieldErrors } from './department-calls.js';

const NO_MANAGER = 'none';

/** Add or edit a department: name, description and manager (platform-shell 3 "Department"). */
export function DepartmentDialog({ dept, onDone }: { dept: Department | null; onDone: (changed: boolean) => void }) {
  const [name, setName] = useState(dept?.name ?? '');
  const [desc, setDesc] = useState(dept?.desc ?? '');
  const [manager, setManager] = useState(dept?.manager ?? NO_MANAGER);
  const [people, setPeople] = useState<EnterpriseUser[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    departmentCalls.managers().then(setPeople, showRefusal);
  }, []);

  const save = async () => {
    setSaving(true);
    try {
      await departmentCalls.save({ ...(dept ? { deptId: dept.deptId } : {}), name, desc, manager: manager === NO_MANAGER ? '' : manager });
      toast(DepartmentMessages.saved, 'success');
      onDone(true);
    } catch (error) {
      setErrors(fieldErrors(error));
      showRefusal(error);
      setSaving(false);
    }
  };

  return (
    <Dialog size="M">
      <Heading>{dept ? 'Edit Department' : 'Add Department'}</Heading>
      <Divider />
      <Content>
        <Form
          validationBehavior="aria"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <TextField
            label="Name"
            isRequired
            autoFocus
            value={name}
            onChange={setName}
            maxLength={DepartmentLimits.nameChars}
            validationState={errors.name ? 'invalid' : undefined}
            errorMessage={errors.name}
          />
          <TextArea label="Description" value={desc} onChange={setDesc} maxLength={DepartmentLimits.descChars} />
          <Picker
            label="Manager"
            selectedKey={manager}
            onSelectionChange={(k) => setManager(String(k))}
            items={[{ uId: NO_MANAGER, name: 'No manager' }, ...people]}
            validationState={errors.manager ? 'invalid' : undefined}
            errorMessage={errors.manager}
          >
            {(u) => <Item key={u.uId}>{u.name}</Item>}
          </Picker>
        </Form>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={() => onDone(false)}>
          Cancel
        </Button>
        <Button variant="accent" isPending={saving} onPress={() => void save()}>
          Save
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
