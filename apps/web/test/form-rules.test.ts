// The login form's password rule is written in the web from the contract's `ZText` (decision 047: the login page
// does not fetch the agents' call table for it); it must keep taking and refusing what loginById's own rule does.
import { agentCalls } from '@promoter/contract';
import { describe, expect, it } from 'vitest';
import { ZPasswordTyped } from '../src/lib/form-rules';

const SAMPLES = [
  '',
  'a',
  ' demo1234 ',
  'x'.repeat(128),
  'x'.repeat(129),
  'a\u0000b',
  'tab\there',
  '密码🙂',
  'line\nbreak',
];

describe('the sign-in password rule', () => {
  it('takes and refuses what loginById’s input takes and refuses, as typed (not trimmed)', () => {
    const contract = agentCalls.loginById.input.shape.password;
    for (const sample of SAMPLES) {
      const ours = ZPasswordTyped.safeParse(sample);
      const theirs = contract.safeParse(sample);
      expect(ours.success, JSON.stringify(sample)).toBe(theirs.success);
      if (ours.success && theirs.success) expect(ours.data).toBe(theirs.data);
    }
    expect(ZPasswordTyped.safeParse(' demo1234 ').data).toBe(' demo1234 ');
  });
});
