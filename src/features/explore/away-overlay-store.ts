/** Whether the full-screen EXPLORE MODE overlay is open (UI state only: DESIGN.md puts it in zustand). */
import { create } from 'zustand';

interface AwayOverlayState {
  open: boolean;
  setOpen: (open: boolean) => void;
}

export const useAwayOverlayStore = create<AwayOverlayState>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
