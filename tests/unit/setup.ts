import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';

// An unexpected console.error is a bug surfacing (React warnings, failed renders): fail the test.
const original = console.error;
afterEach(() => {
  console.error = original;
});
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  original(...args);
  throw new Error(`console.error called: ${args.map(String).join(' ')}`);
});
