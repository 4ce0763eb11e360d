import { Button } from '@adobe/react-spectrum/Button';
import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import { SearchField } from '@adobe/react-spectrum/SearchField';
import { Item, TabList, TabPanels, Tabs } from '@adobe/react-spectrum/Tabs';
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
  const columns = type === 'system' ? 2 : editable ? 4 : 3;
  return (
    <>
      <div className="pad-ent-toolbar">
        <span className="pad-ent-toolbar-title">
          {type === 'system' ? 'Entities the engine recognises in every agent. They cannot be changed.' : 'Entities of this agent: values with their synonyms or patterns.'}
        </span>
        {page.loading && <ProgressCircle aria-label={`Loading ${label}`} isIndeterminate size="S" />}
        <SearchField aria-label={`Search ${label}`} placeholder="Search" value={search} onChange={setSearch} width="size-3000" />
        {editable && (
          <Button variant="accent" onPress={() => navigate(paths.entityCreate(agent.id))}>
            Create Entity
          </Button>
        )}
      </div>
      <div className="pad-ent-table-wrap">
        <table className="pad-ent-table" aria-label={type === 'system' ? 'System Entities' : 'Custom Entities'} aria-busy={page.loading}>
          <thead>
            {type === 'system' ? (
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Description</th>
              </tr>
            ) : (
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="pad-ent-num">
                  Values
                </th>
                <th scope="col">Updated On</th>
                {editable && (
                  <th scope="col" className="pad-ent-actions">
                    Actions
                  </th>
                )}
              </tr>
            )}
          </thead>
          <tbody>
            {entities.map((entity) =>
              type === 'system' ? (
                <tr key={entity.id}>
                  <td className="pad-ent-system-name">{entity.name}</td>
                  <td className="pad-ent-description">{entity.description}</td>
                </tr>
              ) : (
                <tr key={entity.id}>
                  <td>
                    <button type="button" className="pad-ent-open" onClick={() => navigate(paths.entityEdit(agent.id, entity.id))}>
                      {entity.name}
                    </button>
                  </td>
                  <td className="pad-ent-num">{entity.values.length}</td>
                  <td className="pad-ent-date">{entity.updatedOn ? formatCardDate(entity.updatedOn) : ''}</td>
                  {editable && (
                    <td className="pad-ent-actions">
                      <IconAction label={`Edit ${entity.name}`} tooltip="Edit" onPress={() => navigate(paths.entityEdit(agent.id, entity.id))}>
                        <Edit />
                      </IconAction>
                      <IconAction label={`Delete ${entity.name}`} tooltip="Delete" onPress={() => void remove(entity)}>
                        <Delete />
                      </IconAction>
                    </td>
                  )}
                </tr>
              ),
            )}
            {!entities.length && !page.loading && (
              <tr className="pad-ent-empty">
                <td colSpan={columns}>{EntityTexts.noRecord}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
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
