import { describe, expect, it } from 'vitest';
import { guardRedirect, landingPath } from './guard';

const free = { mustChangePassword: false, mustEnrollMfa: false };
const mustEnrol = { mustChangePassword: false, mustEnrollMfa: true };
const mustChange = { mustChangePassword: true, mustEnrollMfa: false };
const both = { mustChangePassword: true, mustEnrollMfa: true };

describe('the admin guard', () => {
  it('lets an unrestricted admin open any admin page', () => {
    expect(guardRedirect(free, '/admin/dashboard')).toBeNull();
    expect(guardRedirect(free, '/admin/users')).toBeNull();
    expect(guardRedirect(free, '/admin/security')).toBeNull();
    expect(landingPath(free)).toBe('/admin/dashboard');
  });

  it('sends a user who must enrol a second factor to the Security screen from every other page, and lands them there', () => {
    for (const pathname of [
      '/admin',
      '/admin/dashboard',
      '/admin/requests',
      '/admin/users',
      '/admin/change-password',
    ]) {
      expect(guardRedirect(mustEnrol, pathname)).toBe('/admin/security');
    }
    expect(guardRedirect(mustEnrol, '/admin/security')).toBeNull();
    expect(landingPath(mustEnrol)).toBe('/admin/security');
  });

  it('asks for the password change first, then the enrolment', () => {
    expect(guardRedirect(both, '/admin/security')).toBe('/admin/change-password');
    expect(guardRedirect(both, '/admin/change-password')).toBeNull();
    expect(landingPath(both)).toBe('/admin/change-password');
    expect(guardRedirect(mustChange, '/admin/security')).toBe('/admin/change-password');
  });

  it('once enrolled (the profile re-read), the same session goes on to the dashboard', () => {
    expect(guardRedirect({ ...mustEnrol, mustEnrollMfa: false }, '/admin/dashboard')).toBeNull();
    expect(landingPath({ ...mustEnrol, mustEnrollMfa: false })).toBe('/admin/dashboard');
  });
});
