import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { emptyOnboardingForm } from '@ledgerwell/shared/issuer-onboarding-rules';
import { sampleOnboardingForm } from '@ledgerwell/shared/issuer-onboarding.fixtures';
import { clearDraft, loadDraft, parseDraft, saveDraft } from './draft-store';
import { createIdbStorage, createMemoryStorage, DRAFT_KEY, type OnboardingStorage } from './storage';

let dbCount = 0;
const stores: [string, () => OnboardingStorage][] = [
  ['IndexedDB', () => createIdbStorage(`test-onboarding-draft-${++dbCount}`)],
  ['memory', () => createMemoryStorage()],
];

describe.each(stores)('draft store (%s)', (_name, create) => {
  it('has nothing to load at first', async () => {
    expect(await loadDraft(create())).toEqual({ status: 'none' });
  });

  it('saves { step, data, savedAt } under issuer_onboarding_draft and loads it back', async () => {
    const storage = create();
    const form = sampleOnboardingForm();
    const saved = await saveDraft(storage, 2, form, new Date('2026-02-03T04:05:06.000Z'));
    expect(saved).toEqual({ step: 2, data: form, savedAt: '2026-02-03T04:05:06.000Z' });
    expect(await storage.get(DRAFT_KEY)).toEqual(saved);
    expect(await loadDraft(storage)).toEqual({ status: 'loaded', draft: saved });
  });

  it('a later save replaces the draft; clearing removes it', async () => {
    const storage = create();
    await saveDraft(storage, 0, { ...emptyOnboardingForm(), company_name: 'First' });
    await saveDraft(storage, 1, { ...emptyOnboardingForm(), company_name: 'Second' });
    const loaded = await loadDraft(storage);
    expect(loaded.status === 'loaded' && [loaded.draft.step, loaded.draft.data.company_name]).toEqual([1, 'Second']);
    await clearDraft(storage);
    expect(await loadDraft(storage)).toEqual({ status: 'none' });
  });

  it.each([
    ['a string', 'not a draft'],
    ['an array', [1, 2, 3]],
    ['no step', { data: emptyOnboardingForm(), savedAt: '2026-01-01T00:00:00.000Z' }],
    ['a step past the signature', { step: 4, data: emptyOnboardingForm(), savedAt: '2026-01-01T00:00:00.000Z' }],
    ['a fractional step', { step: 1.5, data: emptyOnboardingForm(), savedAt: '2026-01-01T00:00:00.000Z' }],
    ['no data', { step: 0, savedAt: '2026-01-01T00:00:00.000Z' }],
    ['a bad time', { step: 0, data: emptyOnboardingForm(), savedAt: 'yesterday-ish' }],
    [
      'a number where text belongs',
      { step: 0, data: { ...emptyOnboardingForm(), company_name: 42 }, savedAt: '2026-01-01T00:00:00.000Z' },
    ],
    [
      'text where a flag belongs',
      { step: 1, data: { ...emptyOnboardingForm(), agreements_accepted: 'yes' }, savedAt: '2026-01-01T00:00:00.000Z' },
    ],
    [
      'an unknown document',
      {
        step: 1,
        data: { ...emptyOnboardingForm(), reviewed_documents: ['tax-return'] },
        savedAt: '2026-01-01T00:00:00.000Z',
      },
    ],
    [
      'a signature that is no PNG',
      {
        step: 3,
        data: {
          ...emptyOnboardingForm(),
          signatureData: { dataUrl: 'javascript:alert(1)', timestamp: 'x', method: 'drawn' },
        },
        savedAt: '2026-01-01T00:00:00.000Z',
      },
    ],
  ])('discards a corrupt draft (%s) and removes it from the device', async (_case, value) => {
    const storage = create();
    await storage.put(DRAFT_KEY, value);
    expect(await loadDraft(storage)).toEqual({ status: 'corrupt' });
    expect(await storage.get(DRAFT_KEY)).toBeUndefined();
    expect(await loadDraft(storage)).toEqual({ status: 'none' });
  });
});

describe('parseDraft', () => {
  it('fills fields an older draft lacks, drops unknown ones, keeps the country fixed and documents unique', () => {
    const { comments: _comments, ...older } = sampleOnboardingForm();
    const draft = parseDraft({
      step: 3,
      data: {
        ...older,
        country: 'Canada',
        injected: '<script>',
        reviewed_documents: ['privacy-policy', 'privacy-policy'],
      },
      savedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(draft?.data.comments).toBe('');
    expect(draft?.data.country).toBe('USA');
    expect(draft?.data.reviewed_documents).toEqual(['privacy-policy']);
    expect(draft && 'injected' in draft.data).toBe(false);
  });
});
