import { describe, expect, it } from 'vitest';
import { SALES_MESSAGES } from './messages.js';

describe('sales messages', () => {
  it('exist in both languages, the English ones starting with a capital', () => {
    expect(Object.keys(SALES_MESSAGES.en).sort()).toEqual(Object.keys(SALES_MESSAGES.zh).sort());
    for (const [key, text] of Object.entries(SALES_MESSAGES.en)) expect(text, key).toMatch(/^[A-Z]/);
  });
});
