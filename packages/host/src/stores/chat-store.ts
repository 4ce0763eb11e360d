import { firstValueFrom } from 'rxjs';
import { create } from 'zustand';
import type { ChatCounts } from '@parley/sdk/contract/chats';
import { api } from './session-store.js';

const BOX_KEY = 'parley.chat.box';

/** The floating box's remembered state (position is kept apart, in pixels, by the box itself). */
interface BoxPrefs {
  boxShown: boolean;
  boxCollapsed: boolean;
}

function readBox(): BoxPrefs {
  try {
    const stored = JSON.parse(localStorage.getItem(BOX_KEY) ?? '{}') as Partial<BoxPrefs>;
    // Off until the user turns it on in the dropdown: a box floating over every screen covers their buttons.
    return { boxShown: stored.boxShown === true, boxCollapsed: stored.boxCollapsed === true };
  } catch {
    return { boxShown: false, boxCollapsed: false };
  }
}

interface ChatStoreState extends BoxPrefs {
  counts: ChatCounts | null;
  /** Asks `chat_count` again; calls made while one is in flight fold into one more afterwards. */
  refresh(): Promise<void>;
  setBox(prefs: Partial<BoxPrefs>): void;
}

let inFlight: Promise<void> | null = null;
let again = false;

/** The live chat counts of the notification widget (platform-shell 2.11) and the floating box's preferences. */
export const useChatStore = create<ChatStoreState>((set, get) => ({
  counts: null,
  ...readBox(),
  refresh() {
    if (inFlight) {
      again = true;
      return inFlight;
    }
    const run = async (): Promise<void> => {
      try {
        set({ counts: await firstValueFrom(api.chats.count({})) });
      } catch {
        // A lost count keeps the last one: the next event or reconnect asks again, and a 403 already signs out.
      }
      if (again) {
        again = false;
        return run();
      }
    };
    inFlight = run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  },
  setBox(prefs) {
    const next = { boxShown: get().boxShown, boxCollapsed: get().boxCollapsed, ...prefs };
    localStorage.setItem(BOX_KEY, JSON.stringify(next));
    set(next);
  },
}));
