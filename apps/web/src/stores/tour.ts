import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { aBoolean } from '../lib/guards';
import { persistFields } from '../lib/storage';
import { bindStore } from './bind-store';

/** The guided tour, once finished or skipped, never runs again in this browser (`promoter.tourDismissed`). */
interface TourState {
  dismissed: boolean;
}

const initial: TourState = { dismissed: false };

export const tourStore = bindStore(
  create<TourState>()(
    persist(() => initial, persistFields(initial, { dismissed: { key: 'tourDismissed', guard: aBoolean } })),
  ),
);
