import { Button } from '@adobe/react-spectrum/Button';
import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import { SearchField } from '@adobe/react-spectrum/SearchField';
import { Cell, Column, Row, TableBody, TableHeader, TableView } from '@adobe/react-spectrum/TableView';
import { Item, TabList, TabPanels, Tabs } from '@adobe/react-spectrum/Tabs';
import { Text } from '@adobe/react-spectrum/Text';
import Delete from '@spectrum-icons/workflow/Delete';
import Edit from '@spectrum-icons/workflow/Edit';
import { useEffect, useState } from 'react';
import type { Agent } from '@parley/sdk/contract/nlp-agents';
import type { Entity } from '@parley/sdk/contract/nlp-entities';
import { useDesigner } from '../designer-context.js';
import { paths } from '../designer-routes.js';
import { formatCardDate } from '../../internal/dates.js';
import { messageOf, once, useDebounced, useLoad } from '../../internal/use-call.js';
import { ENTITIES_PER_PAGE, EntityTexts } from './entity-form-state.js';
import { ensureEntityStyles } from './entity-styles.js';
import { IconAction } from '../../spectrum-parts/IconAction.js';

type EntityTab = 'custom' | 'system';

/** The server search waits for 300 ms of quiet typing; the loaded page is filtered at once meanwhile (agent-designer 4). */
const SEARCH_DEBOUNCE_MS = 300;

const CUSTOM_COLUMNS = [
  { key: 'name', name: 'Name', width: '1fr' },
  { key: 'values', name: 'Values', width: 100 },
  { key: 'updated', name: 'Updated On', width: 200 },
  { key: 'actions', name: 'Actions', width: 110 },
] as const;
type CustomColumn = (typeof CUSTOM_COLUMNS)[number]['key'];

/** Rows are 41 px (regular density) under a 34 px header: the table is as tall as its page, or tall enough for No Record. */
const tableHeight = (rows: number) => (rows ? 36 + rows * 41 : 200);
const NoRecord = () => <Text UNSAFE_className="pad-ent-empty">{EntityTexts.noRecord}</Text>;

/** agent-designer 2: Custom Entities (editable) and System Entities (the engine's, read-only) of one agent. */
export function EntityList({ agent }: { agent: Agent; onSaved?: () => void }) {
  ensureEntityStyles();
  const { route, navigate } = useDesigner();
  const tab: EntityTab = route.screen === 'agent' && route.entityTab === 'system' ? 'system' : 'custom';
  return (
    <div className="pad-page">
      <Tabs
        aria-label="Entity types"
        selectedKey={tab}
        onSelectionChange={(key) => {
          if (key !== tab) navigate(paths.entityList(agent.id, key === 'system' ? 'system' : 'custom'));
        }}
      >
        <TabList>
          <Item key="custom">Custom Entities</Item>
          <Item key="system">System Entities</Item>
        </TabList>
        <TabPanels>
          <Item key="custom">
            <EntityTable agent={agent} type="custom" />
          </Item>
          <Item key="system">
            <EntityTable agent={agent} type="system" />
          </Item>
        </TabPanels>
      </Tabs>
    </div>
  );
}

function EntityTable({ agent, type }: { agent: Agent; type: EntityTab }) {
  const { client, navigate, toast, confirm, canEdit } = useDesigner();
  const [from, setFrom] = useState(0);
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  // A new search starts again from the first page (agent-designer 4: submit resets paging).
  useEffect(() => setFrom(0), [term]);

  const page = useLoad(
    () => client.nlpEntities.list({ id: agent.id, type: type === 'system' ? 1 : 0, from, perPage: ENTITIES_PER_PAGE, searchterm: term || undefined }),
    [client, agent.id, type, from, term],
    (e) => toast(messageOf(e), 'error'),
  );
  const needle = search.trim().toLowerCase();
  const entities = (page.data?.entities ?? []).filter((e) => e.name.toLowerCase().includes(needle));
  const more = page.data?.more ?? false;
  const editable = type === 'custom' && canEdit;

  const remove = async (entity: Entity) => {
    const ok = await confirm({ title: 'Delete entity', message: `Delete the entity "${entity.name}"? This cannot be undone.` });
    if (!ok) return;
    try {
      await once(client.nlpEntities.delete({ id: agent.id, entityId: entity.id }));
      toast(EntityTexts.deleted, 'success');
      // The last entity of a later page gone: show the page before it.
      if (from > 0 && page.data?.entities.length === 1) return setFrom((f) => Math.max(0, f - ENTITIES_PER_PAGE));
    } catch (e) {
      toast(messageOf(e), 'error');
    }
    page.reload();
  };

  const label = type === 'system' ? 'system entities' : 'custom entities';
  const open = (id: string) => navigate(paths.entityEdit(agent.id, id));
  const table =
    type === 'system' ? (
      <TableView aria-label="System Entities" overflowMode="truncate" selectionMode="none" height={tableHeight(entities.length)} renderEmptyState={NoRecord}>
        <TableHeader>
          <Column key="name" width={220}>
            Name
          </Column>
          <Column key="description">Description</Column>
        </TableHeader>
        <TableBody items={entities} loadingState={page.loading && !entities.length ? 'loading' : 'idle'}>
          {(entity) => (
            <Row key={entity.id}>
              <Cell>
                <span className="pad-ent-system-name">{entity.name}</span>
              </Cell>
              <Cell>
                <span className="pad-ent-description">{entity.description}</span>
              </Cell>
            </Row>
          )}
        </TableBody>
      </TableView>
    ) : (
      // The name opens its entity (read-only for a viewer); Edit and Delete sit at the row's end.
      <TableView aria-label="Custom Entities" overflowMode="truncate" selectionMode="none" height={tableHeight(entities.length)} renderEmptyState={NoRecord}>
        <TableHeader columns={editable ? CUSTOM_COLUMNS : CUSTOM_COLUMNS.filter((c) => c.key !== 'actions')}>
          {(c) => (
            <Column key={c.key} width={c.width} align={c.key === 'values' || c.key === 'actions' ? 'end' : 'start'}>
              {c.name}
            </Column>
          )}
        </TableHeader>
        <TableBody items={entities} loadingState={page.loading && !entities.length ? 'loading' : 'idle'}>
          {(entity) => (
            <Row key={entity.id} textValue={entity.name}>
              {(column) => {
                switch (column as CustomColumn) {
                  case 'name':
                    return (
                      <Cell textValue={entity.name}>
                        {/* Enter is the grid's before it is a native button's: the button answers it itself. */}
                        <button
                          type="button"
                          className="pad-ent-open"
                          onClick={() => open(entity.id)}
                          onKeyDown={(e) => {
                            if (e.key === 'Enter' || e.key === ' ') {
                              e.preventDefault();
                              open(entity.id);
                            }
                          }}
                        >
                          {entity.name}
                        </button>
                      </Cell>
                    );
                  case 'values':
                    return (
                      <Cell>
                        <span className="pad-ent-num">{entity.values.length}</span>
                      </Cell>
                    );
                  case 'updated':
                    return (
                      <Cell>
                        <span className="pad-ent-date">{entity.updatedOn ? formatCardDate(entity.updatedOn) : ''}</span>
                      </Cell>
                    );
                  case 'actions':
                    return (
                      <Cell>
                        <IconAction label={`Edit ${entity.name}`} tooltip="Edit" onPress={() => open(entity.id)}>
                          <Edit />
                        </IconAction>
                        <IconAction label={`Delete ${entity.name}`} tooltip="Delete" onPress={() => void remove(entity)}>
                          <Delete />
                        </IconAction>
                      </Cell>
                    );
                }
              }}
            </Row>
          )}
        </TableBody>
      </TableView>
    );
  return (
    <>
      <div className="pad-ent-toolbar">
        <span className="pad-ent-toolbar-title">
          {type === 'system'
            ? 'Entities the engine recognises in every agent. They cannot be changed.'
            : 'Entities of this agent: values with their synonyms or patterns.'}
        </span>
        {page.loading && <ProgressCircle aria-label={`Loading ${label}`} isIndeterminate size="S" />}
        <SearchField aria-label={`Search ${label}`} placeholder="Search" value={search} onChange={setSearch} width="size-3000" />
        {editable && (
          <Button variant="accent" onPress={() => navigate(paths.entityCreate(agent.id))}>
            Create Entity
          </Button>
        )}
      </div>
      {table}
      <div className="pad-ent-pager">
        <span className="pad-ent-pager-label">Page {Math.floor(from / ENTITIES_PER_PAGE) + 1}</span>
        <Button variant="secondary" isDisabled={from === 0 || page.loading} onPress={() => setFrom((f) => Math.max(0, f - ENTITIES_PER_PAGE))}>
          Previous
        </Button>
        <Button variant="secondary" isDisabled={!more || page.loading} onPress={() => setFrom((f) => f + ENTITIES_PER_PAGE)}>
          Next
        </Button>
      </div>
    </>
  );
}
