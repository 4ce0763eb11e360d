import { describe, expect, it } from 'vitest';
import { badgeLabel, chooseType, countItems } from './chat-counts.js';
import { chatEventReaction, refreshesCounts, shouldOpenConversation } from './chat-event-reaction.js';
import { EDGE_GAP, clampPosition, nudge, parsePosition } from './drag-bounds.js';
import { MAX_REPEAT, REPEAT_GAP_S, SOUND_KINDS, soundSchedule } from './sound-schedule.js';
import { DEFAULT_LOCAL_SOUNDS, parseLocalSounds, soundLevel } from './sound-settings.js';

const counts = { newChatCount: 2, unPicked: 2, transferredChatCount: 0, invitedChatCount: 1, missedChatCount: 1, assginedChatCount: 0, totalChatCount: 4 };

describe('the widget counts', () => {
  it('lists Live, Transferred, Invited, Assigned and Missed in the spec order, reading assginedChatCount (sic)', () => {
    expect(countItems({ ...counts, assginedChatCount: 3 }).map((i) => [i.label, i.count])).toEqual([
      ['Live', 2],
      ['Transferred', 0],
      ['Invited', 1],
      ['Assigned', 3],
      ['Missed', 1],
    ]);
  });

  it('reads 0 everywhere before the first answer', () => {
    expect(countItems(null).every((i) => i.count === 0)).toBe(true);
  });

  it('opens the modal for a type with chats, and shows section 8 toast for an empty one', () => {
    const [live, transferred, , assigned, missed] = countItems(counts);
    expect(chooseType(live!)).toEqual({ open: 'new' });
    expect(chooseType(transferred!)).toEqual({ toast: 'No Transferred Chats to Accept!' });
    expect(chooseType(assigned!)).toEqual({ toast: 'No Assigned Chats to Accept!' });
    expect(chooseType({ ...missed!, count: 0 })).toEqual({ toast: 'No missed chats to Accept!' });
    expect(chooseType({ ...live!, count: 0 })).toEqual({ toast: 'No New Chats to Accept!' });
  });

  it('names the top-nav button with what waits', () => {
    expect(badgeLabel(0)).toBe('Chat notifications, 0 waiting');
    expect(badgeLabel(4)).toBe('Chat notifications, 4 waiting');
  });
});

describe('the floating box position', () => {
  const box = { width: 220, height: 200 };
  const viewport = { width: 1280, height: 800 };

  it('stays inside the window, its handle reachable', () => {
    expect(clampPosition({ x: -50, y: -10 }, box, viewport)).toEqual({ x: EDGE_GAP, y: EDGE_GAP });
    expect(clampPosition({ x: 5000, y: 5000 }, box, viewport)).toEqual({ x: 1280 - 220 - EDGE_GAP, y: 800 - 200 - EDGE_GAP });
    expect(clampPosition({ x: 300.4, y: 200.6 }, box, viewport)).toEqual({ x: 300, y: 201 });
  });

  it('keeps the top-left corner on screen when the window is smaller than the box', () => {
    expect(clampPosition({ x: 100, y: 100 }, box, { width: 150, height: 120 })).toEqual({ x: EDGE_GAP, y: EDGE_GAP });
  });

  it('moves by arrow keys, further with Shift, and ignores other keys', () => {
    expect(nudge({ x: 100, y: 100 }, 'ArrowLeft', false)).toEqual({ x: 84, y: 100 });
    expect(nudge({ x: 100, y: 100 }, 'ArrowDown', true)).toEqual({ x: 100, y: 260 });
    expect(nudge({ x: 100, y: 100 }, 'Enter', false)).toBeNull();
  });

  it('reads back a stored position and drops a broken one', () => {
    expect(parsePosition('{"x":10,"y":20}')).toEqual({ x: 10, y: 20 });
    expect(parsePosition('{"x":"a","y":20}')).toBeNull();
    expect(parsePosition('not json')).toBeNull();
    expect(parsePosition(null)).toBeNull();
  });
});

describe('the notification sounds', () => {
  it('has five distinct sounds', () => {
    const shapes = SOUND_KINDS.map((kind) => JSON.stringify(soundSchedule(kind, { volume: 100, repeat: 1 }).map((t) => [t.frequency, t.start])));
    expect(new Set(shapes).size).toBe(5);
  });

  it('scales the gain from the volume percentage and is silent at 0', () => {
    const loud = soundSchedule('newChat', { volume: 100, repeat: 1 });
    const half = soundSchedule('newChat', { volume: 50, repeat: 1 });
    expect(half[0]!.gain).toBeCloseTo(loud[0]!.gain / 2);
    expect(soundSchedule('newChat', { volume: 0, repeat: 3 })).toEqual([]);
  });

  it('repeats the configured count, one play after the other with a gap, never fewer than once nor more than the limit', () => {
    const once = soundSchedule('transfer', { volume: 80, repeat: 1 });
    const thrice = soundSchedule('transfer', { volume: 80, repeat: 3 });
    expect(thrice).toHaveLength(once.length * 3);
    const end = Math.max(...once.map((t) => t.start + t.duration));
    expect(thrice[once.length]!.start).toBeCloseTo(end + REPEAT_GAP_S);
    expect(soundSchedule('message', { volume: 80, repeat: 0 })).toHaveLength(1);
    expect(soundSchedule('message', { volume: 80, repeat: 99 })).toHaveLength(MAX_REPEAT);
  });

  it('takes volume and repeat from the profile when it has sounds, else from this browser', () => {
    const audio = {
      enable: true,
      sounds: [
        { type: 'new_chat' as const, sound: 'bell', repeat: 2, volume: 40 },
        { type: 'new_message' as const, sound: 'pop', repeat: 1, volume: 90 },
      ],
    };
    expect(soundLevel('transfer', audio, DEFAULT_LOCAL_SOUNDS)).toEqual({ volume: 40, repeat: 2 });
    expect(soundLevel('message', audio, DEFAULT_LOCAL_SOUNDS)).toEqual({ volume: 90, repeat: 1 });
    expect(soundLevel('newChat', { ...audio, enable: false }, DEFAULT_LOCAL_SOUNDS)).toBeNull();
    expect(soundLevel('newChat', { enable: true, sounds: [] }, { enabled: true, volume: 30, repeat: 2 })).toEqual({ volume: 30, repeat: 2 });
    expect(soundLevel('newChat', { enable: true, sounds: [] }, { enabled: false, volume: 30, repeat: 2 })).toBeNull();
  });

  it('reads local settings defensively', () => {
    expect(parseLocalSounds('{"enabled":false,"volume":250,"repeat":0}')).toEqual({ enabled: false, volume: 100, repeat: 1 });
    expect(parseLocalSounds('garbage')).toEqual(DEFAULT_LOCAL_SOUNDS);
  });
});

describe('chat events', () => {
  it('refreshes the counts on every chat event and on reconnection, not on others', () => {
    expect(refreshesCounts('updateChatCount')).toBe(true);
    expect(refreshesCounts('agentPickupChat')).toBe(true);
    expect(refreshesCounts('ready')).toBe(true);
    expect(refreshesCounts('broadcast.status')).toBe(false);
  });

  it('rings and opens the conversation for a new chat', () => {
    const reaction = chatEventReaction('customerStartChat', { chat: { customerName: 'Priya Sharma', lastMessage: 'Hi' } });
    expect(reaction).toEqual({ sound: 'newChat', notify: { title: 'New chat: Priya Sharma', body: 'Hi' }, opensConversation: true });
    expect(chatEventReaction('waitingInviteAccept', {}).sound).toBe('invite');
    expect(chatEventReaction('waitingTransferAccept', {}).sound).toBe('transfer');
    expect(chatEventReaction('waitingAssignAccept', {}).sound).toBe('assign');
  });

  it("rings for a customer's message only in the agent's own chats", () => {
    expect(chatEventReaction('customerReplyChat', { chat: { bucket: 'mine', customerName: 'Arjun' }, message: { message: 'Thanks' } })).toEqual({
      sound: 'message',
      notify: { title: 'Message from Arjun', body: 'Thanks' },
    });
    expect(chatEventReaction('customerReplyChat', { chat: { bucket: 'new' } })).toEqual({});
  });

  it('opens the conversation only while the tab is seen and off the chat pages', () => {
    expect(shouldOpenConversation(true, '/dashboard')).toBe(true);
    expect(shouldOpenConversation(false, '/dashboard')).toBe(false);
    expect(shouldOpenConversation(true, '/chat/history')).toBe(false);
  });
});
