import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ChatSummary } from '@parley/sdk/contract/chats';
import { useChatStore } from '../../stores/chat-store.js';
import { realtimeEvents$ } from '../../stores/realtime.js';
import { useSession } from '../../stores/session-store.js';
import { showBrowserNotification } from './browser-notification.js';
import { chatEventReaction, refreshesCounts, shouldOpenConversation } from './chat-event-reaction.js';
import { localSounds } from './use-local-sounds.js';
import { playSound, unlockAudioOnFirstGesture } from './sound-player.js';
import { soundLevel, soundToPlay } from './sound-settings.js';

export const CONVERSATION_PATH = '/chat/conversation';

/**
 * The widget's ears (platform-shell 2.11, 4.5): counts on mount and after every chat event or reconnection; sounds,
 * browser notifications and the jump to the conversation screen for what is new for this agent.
 */
export function useChatEvents() {
  const navigate = useNavigate();
  const router = useRouter();
  useEffect(() => unlockAudioOnFirstGesture(), []);
  useEffect(() => {
    const { refresh } = useChatStore.getState();
    void refresh();
    const sub = realtimeEvents$.subscribe((event) => {
      if (refreshesCounts(event.type)) void refresh();
      const reaction = chatEventReaction(event.type, event.data);
      const profile = useSession.getState().profile;
      if (reaction.sound) {
        const level = soundLevel(reaction.sound, profile?.audioSettings, localSounds());
        if (level) playSound(soundToPlay(reaction.sound, profile?.audioSettings), level);
      }
      const chat = event.data?.chat as Partial<ChatSummary> | undefined;
      // The page itself shows the counts: a system notification helps only while the agent looks elsewhere.
      if (reaction.notify && profile?.enableChatNotification && !document.hasFocus()) {
        showBrowserNotification(reaction.notify.title, reaction.notify.body, `parley-chat-${chat?.chatId ?? event.type}`, () => {
          void navigate({ to: CONVERSATION_PATH });
        });
      }
      if (reaction.opensConversation && shouldOpenConversation(document.visibilityState === 'visible', router.state.location.pathname)) {
        void navigate({ to: CONVERSATION_PATH });
      }
    });
    return () => sub.unsubscribe();
  }, [navigate, router]);
}
