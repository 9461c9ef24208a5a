import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { anInteger, arrayOf, aString, objectOf, refine } from './guards';
import { persistFields } from './storage';

/**
 * The device tokens this browser holds, one per agent id (docs/decisions/014-rate-limits-and-lockout.md). The
 * server issues one after a password sign-in (header `X-Device`); sent back with the next sign-in of that agent, the
 * right password goes through even while strangers' wrong guesses hold the account back.
 */
export const DEVICE_HEADER = 'X-Device';
/** A browser shared by a few agents keeps the newest few. */
const MAX_DEVICES = 10;
/** Oldest first, as a list: an object's integer-like keys would not keep their order. */
interface Device {
  agentId: number;
  token: string;
}
const devicesGuard = arrayOf(
  objectOf<Device>({
    agentId: anInteger,
    token: refine(aString, (token) => token.length >= 1 && token.length <= 200),
  }),
);

interface DevicesState {
  devices: Device[];
}

const initial: DevicesState = { devices: [] };

const useDevices = create<DevicesState>()(
  persist(() => initial, persistFields(initial, { devices: { key: 'devices', guard: devicesGuard } })),
);

/** Read through to storage: another tab may have signed in since. */
function current(): DevicesState['devices'] {
  void useDevices.persist.rehydrate();
  return useDevices.getState().devices;
}

export function deviceTokenFor(agentId: number): string | undefined {
  return current().find((device) => device.agentId === agentId)?.token;
}

export function rememberDevice(agentId: number, token: string): void {
  const others = current().filter((device) => device.agentId !== agentId);
  useDevices.setState({ devices: [...others, { agentId, token }].slice(-MAX_DEVICES) });
}
