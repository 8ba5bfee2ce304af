import { describe, expect, it } from 'vitest';
import { fieldErrors } from './api-error';
import { CONTACT_MESSAGES as M, contactFieldError, contactFormSchema } from './contact';

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'We would like a demo of the platform.' };
const errorsOf = (value: unknown) => {
  const result = contactFormSchema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

describe('contactFormSchema', () => {
  it('trims and accepts a valid message, with GENERAL as the default inquiry type', () => {
    expect(contactFormSchema.parse({ ...valid, name: '  Ada  ', phone: ' +1 (555) 010-2000 ' })).toEqual({
      ...valid,
      name: 'Ada',
      phone: '+1 (555) 010-2000',
      company: '',
      inquiryType: 'GENERAL',
    });
  });

  it.each([
    [{ name: '' }, { name: M.nameRequired }],
    [{ name: '   ' }, { name: M.nameRequired }],
    [{ name: ' A ' }, { name: M.nameTooShort }],
    [{ email: '' }, { email: M.emailRequired }],
    [{ email: 'ada@example' }, { email: M.emailInvalid }],
    [{ email: 'ada example.com' }, { email: M.emailInvalid }],
    [{ phone: '12345' }, { phone: M.phoneInvalid }],
    [{ phone: 'call me maybe' }, { phone: M.phoneInvalid }],
    [{ message: '' }, { message: M.messageRequired }],
    [{ message: '  too short  ' }, { message: M.messageTooShort }],
  ])('%j → %j', (change, errors) => {
    expect(errorsOf({ ...valid, ...change })).toEqual(errors);
  });

  it('reports every missing required field at once', () => {
    expect(errorsOf({})).toEqual({ name: M.nameRequired, email: M.emailRequired, message: M.messageRequired });
  });

  it('keeps a known inquiry type in any case and maps anything else to GENERAL', () => {
    expect(contactFormSchema.parse({ ...valid, inquiryType: 'sales' }).inquiryType).toBe('SALES');
    expect(contactFormSchema.parse({ ...valid, inquiryType: 'LOBBYING' }).inquiryType).toBe('GENERAL');
    expect(contactFormSchema.parse({ ...valid, inquiryType: 7 }).inquiryType).toBe('GENERAL');
  });
});

describe('contactFieldError', () => {
  it('checks one field the way the form does on each change', () => {
    expect(contactFieldError('name', { name: 'A' })).toBe(M.nameTooShort);
    expect(contactFieldError('name', { name: 'Ada' })).toBeNull();
    expect(contactFieldError('phone', { phone: '' })).toBeNull();
    expect(contactFieldError('email', { email: 'x@y' })).toBe(M.emailInvalid);
  });
});
