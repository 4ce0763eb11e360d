import { create } from 'zustand';

/** platform-shell 8: toasts on the shell stay 5000 ms unless a message asks for its own delay. */
export const SHELL_TOAST_MS = 5000;

export interface Toast {
  id: number;
  message: string;
  variant: 'info' | 'success' | 'error';
}

interface ToastState {
  toasts: Toast[];
  show(message: string, variant?: Toast['variant'], ms?: number): void;
  dismiss(id: number): void;
}

let nextId = 1;

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  show(message, variant = 'info', ms = SHELL_TOAST_MS) {
    const id = nextId++;
    set({ toasts: [...get().toasts.filter((t) => t.message !== message), { id, message, variant }] });
    setTimeout(() => get().dismiss(id), ms);
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));

export const toast = (message: string, variant?: Toast['variant'], ms?: number) => useToasts.getState().show(message, variant, ms);
