import { ZVisitorId } from '@promoter/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { fromSchema, nullable } from './guards';
import { persistFields } from './storage';

/**
 * A random id this browser keeps for itself (local storage, `promoter.visitorId`), so the server can count how many
 * different browsers opened an agent's invite link without knowing who they are: it stores only its SHA-256.
 */
interface VisitorState {
  visitorId: string | null;
}

const initial: VisitorState = { visitorId: null };

const useVisitor = create<VisitorState>()(
  persist(
    () => initial,
    persistFields(initial, { visitorId: { key: 'visitorId', guard: nullable(fromSchema(ZVisitorId)) } }),
  ),
);

/** 24 random bytes as 32 URL-safe characters (the contract's ZVisitorId). */
function newVisitorId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** This browser's visitor id, made and kept on first use. */
export function visitorId(): string {
  const kept = useVisitor.getState().visitorId;
  if (kept) return kept;
  const made = newVisitorId();
  useVisitor.setState({ visitorId: made });
  return made;
}
