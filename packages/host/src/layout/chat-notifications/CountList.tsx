import type { CountItem } from './chat-counts.js';

/** The five counts as buttons (Live, Transferred, Invited, Assigned, Missed), shared by the dropdown and the floating box. */
export function CountList({ items, onChoose }: { items: CountItem[]; onChoose(item: CountItem): void }) {
  return (
    <ul className="chat-count-list">
      {items.map((item) => (
        <li key={item.type}>
          <button type="button" className="chat-count-row" data-type={item.type} data-empty={item.count === 0} onClick={() => onChoose(item)}>
            <span>{item.label}</span>
            <span className="chat-count-pill" aria-label={`${item.count} ${item.count === 1 ? 'chat' : 'chats'}`}>
              {item.count}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
