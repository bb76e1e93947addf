import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { i18nStore } from '@lendline/shared';
import { LoginPage } from '../src/features/auth/login-page';
import { staffLogin } from '../src/api/auth-api';

// Issue 31: the login form is painted from the server's HTML and hydrated later. What the user typed before the
// script ran must be what signs in (through staffLogin, which RSA-encrypts the password), and until hydration the
// form cannot be submitted natively.
jest.mock('../src/api/auth-api', () => ({ staffLogin: jest.fn(() => new Promise(() => undefined)) }));
jest.mock('../src/features/auth/captcha-api', () => ({ fetchCaptchaConfig: jest.fn(async () => null), fetchChallenge: jest.fn() }));

beforeAll(() => {
  i18nStore.setState((s) => ({ ...s, lang: 'en', dictionaries: { en: { login: { title: 'Staff sign-in', username: 'User name', password: 'Password', submit: 'Sign in' } } } }));
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

const type = (input: HTMLInputElement, value: string) => {
  // As a user's keystrokes before any script: the DOM value changes, no React handler exists yet.
  input.value = value;
};

test('typed before hydration is kept and signs in; the button is disabled until then', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<LoginPage />);
  document.body.appendChild(container);
  const [username, password] = [...container.querySelectorAll('input')] as HTMLInputElement[];
  const button = container.querySelector('button[type=submit]') as HTMLButtonElement;
  // The server's markup: the form has no action or method that could post the password as typed, and cannot submit.
  expect(container.querySelector('form')!.getAttribute('action')).toBeNull();
  expect(button.disabled).toBe(true);
  type(username, 'cpa1');
  type(password, 'Demo@12345');

  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <LoginPage />, { onRecoverableError: (e) => errors.push(e) });
  });
  expect(errors).toEqual([]);
  expect(button.disabled).toBe(false);
  expect(username.value).toBe('cpa1');
  await act(async () => button.click());
  expect(staffLogin).toHaveBeenCalledWith('cpa1', 'Demo@12345', undefined);
});
