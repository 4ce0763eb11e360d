import { afterEach, describe, expect, it, vi } from 'vitest';
import { ParleyError } from '@parley/sdk/parley-error';
import { showRefusal } from '../components/show-refusal.js';
import { fieldErrors } from './departments/department-calls.js';

// Spectrum's toast stack imports CSS, which Node cannot load; the toast is only heard here.
const { showToast } = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('@parley/elements/internal/toasts', () => ({ showToast }));

afterEach(() => showToast.mockClear());

describe('a refused call as the shell shows it (platform-shell 8)', () => {
  it("shows the server's own message in an error toast; anything else, Something Went Wrong", async () => {
    showRefusal(new ParleyError(409, 'Channel name already exists'));
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledWith('Channel name already exists', 'error'));
    showRefusal(new TypeError('Failed to fetch'));
    await vi.waitFor(() => expect(showToast).toHaveBeenLastCalledWith('Something Went Wrong !!', 'error'));
  });

  it("puts a refused department save's errors beside their fields", () => {
    const refusal = new ParleyError(400, 'Invalid input', [
      { field: 'name', message: 'Department name already exists' },
      { field: 'manager', message: 'Manager is required' },
    ]);
    expect(fieldErrors(refusal)).toEqual({ name: 'Department name already exists', manager: 'Manager is required' });
    expect(fieldErrors(new Error('offline'))).toEqual({});
  });
});
