import { Button, ButtonGroup, Content, Dialog, Divider, Heading, Item, ListView, SearchField, type Selection } from '@adobe/react-spectrum';
import { useCallback, useEffect, useState } from 'react';
import { DepartmentMessages, type Department, type MappedUser } from '@parley/sdk/contract/departments';
import { toast } from '../../stores/toast-store.js';
import { showRefusal } from '../../components/show-refusal.js';
import { departmentCalls } from './department-calls.js';

const chosen = (s: Selection, all: MappedUser[]) => (s === 'all' ? all.map((u) => u.uId) : [...s].map(String));

/** A department's members and the users who are not (mapped_users true / false, 30 a page), added and removed in bulk. */
export function MembersDialog({ dept, editable, onDone }: { dept: Department; editable: boolean; onDone: (changed: boolean) => void }) {
  const [term, setTerm] = useState('');
  const [members, setMembers] = useState<MappedUser[]>([]);
  const [others, setOthers] = useState<MappedUser[]>([]);
  const [pickedIn, setPickedIn] = useState<Selection>(new Set());
  const [pickedOut, setPickedOut] = useState<Selection>(new Set());
  const [changed, setChanged] = useState(false);
  const load = useCallback(async () => {
    try {
      const [m, o] = await Promise.all([departmentCalls.users(dept.deptId, true, term), departmentCalls.users(dept.deptId, false, term)]);
      setMembers(m.rows);
      setOthers(o.rows);
    } catch (error) {
      showRefusal(error);
    }
  }, [dept.deptId, term]);
  useEffect(() => {
    const t = setTimeout(() => void load(), 500);
    return () => clearTimeout(t);
  }, [load]);

  const move = async (add: boolean) => {
    const ids = add ? chosen(pickedOut, others) : chosen(pickedIn, members);
    if (!ids.length) return;
    try {
      await (add ? departmentCalls.add(dept.deptId, ids) : departmentCalls.remove(dept.deptId, ids));
      toast(add ? DepartmentMessages.usersAdded : DepartmentMessages.usersRemoved, 'success');
      setPickedIn(new Set());
      setPickedOut(new Set());
      setChanged(true);
      await load();
    } catch (error) {
      showRefusal(error);
    }
  };

  const list = (label: string, items: MappedUser[], selected: Selection, onChange: (s: Selection) => void, empty: string) => (
    <ListView
      aria-label={label}
      items={items}
      selectionMode={editable ? 'multiple' : 'none'}
      selectedKeys={selected}
      onSelectionChange={onChange}
      height={260}
      renderEmptyState={() => <p className="members-empty">{empty}</p>}
    >
      {(u) => <Item key={u.uId} textValue={u.name}>{`${u.name} · ${u.emailId}`}</Item>}
    </ListView>
  );

  return (
    <Dialog size="L">
      <Heading>Members of {dept.name}</Heading>
      <Divider />
      <Content>
        <SearchField label="Search users" value={term} onChange={setTerm} width="100%" />
        <div className="members-columns">
          <section aria-labelledby="members-in">
            <h2 id="members-in" className="members-title">
              Members ({members.length})
            </h2>
            {list('Members', members, pickedIn, setPickedIn, 'Nobody yet')}
            {editable && (
              <Button variant="negative" marginTop="size-100" onPress={() => void move(false)}>
                Remove selected
              </Button>
            )}
          </section>
          <section aria-labelledby="members-out">
            <h2 id="members-out" className="members-title">
              Not in this department
            </h2>
            {list('Not in this department', others, pickedOut, setPickedOut, 'Everyone is a member')}
            {editable && (
              <Button variant="primary" marginTop="size-100" onPress={() => void move(true)}>
                Add selected
              </Button>
            )}
          </section>
        </div>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={() => onDone(changed)}>
          Close
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
