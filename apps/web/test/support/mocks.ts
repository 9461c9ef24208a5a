import { vi } from 'vitest';

/**
 * The stand-ins of the modules a screen's test replaces: the API client's `request`, the toasts and the progress
 * bar. vi.mock is hoisted per file, so each test file names the modules itself and points them here:
 * `vi.mock('../src/api/client', () => import('./support/mocks'))`, then reads `request` through
 * `await import('./support/mocks')`, the same instance.
 */
export const request = vi.fn();
export const notify = { error: vi.fn(), success: vi.fn(), info: vi.fn(), closeAll: vi.fn() };
export const progress = { start: vi.fn(), done: vi.fn() };
