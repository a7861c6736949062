import { describe, expect, it } from 'vitest';

import { canSubmitComplaintDialog, complaintInputSchema, QUICK_COMPLAINTS } from '@/domain/complaint';

describe('quick complaints', () => {
  it('send the spec canned descriptions', () => {
    expect(QUICK_COMPLAINTS.map((q) => [q.category, q.description])).toEqual([
      ['delay', 'Ferry is running behind schedule'],
      ['cleanliness', 'Facility cleanliness issues observed'],
      ['staff', 'Service complaint regarding staff interaction'],
    ]);
  });
});

describe('the Other dialog', () => {
  it('needs a category and a description that is not blank after trimming', () => {
    expect(canSubmitComplaintDialog('other', 'Broken ramp')).toBe(true);
    expect(canSubmitComplaintDialog('', 'Broken ramp')).toBe(false);
    expect(canSubmitComplaintDialog('other', '   \n\t')).toBe(false);
    expect(canSubmitComplaintDialog('other', '')).toBe(false);
  });
});

describe('complaintInputSchema', () => {
  it('trims the description and ignores fields it does not know (such as userId)', () => {
    expect(complaintInputSchema.parse({ category: 'staff', description: '  rude  ', userId: 99 })).toEqual({
      category: 'staff',
      description: 'rude',
    });
  });
  it('rejects unknown categories, blank and over-long descriptions', () => {
    expect(complaintInputSchema.safeParse({ category: 'weather', description: 'x' }).success).toBe(false);
    expect(complaintInputSchema.safeParse({ category: 'other', description: '   ' }).success).toBe(false);
    expect(complaintInputSchema.safeParse({ category: 'other', description: 'x'.repeat(2001) }).success).toBe(false);
  });
});
