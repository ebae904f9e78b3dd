/**
 * The accounts calls of spec section 7, typed by the contracts. Every call is `silent`: the forms
 * show errors beside their fields instead of a toast. Sign-in answers are stored as the session.
 */
import type {
  AuthResult,
  ChangePasswordBody,
  CodeSent,
  DeleteAccountBody,
  Me,
  Session,
  SessionList,
  SignPurpose,
} from "@unaa/contracts";
import { api, clientState } from "../../lib/app-state.ts";
import { startSession } from "../../lib/favorites-store.ts";
import { currentSignInContext } from "./device.ts";

const quiet = { silent: true } as const;

/**
 * Stores a sign-in answer as the session (spec S4.4) and hands the user back, once the guest
 * favourites of this browser have joined the account (every sign-in path passes here).
 */
async function storeSession(result: AuthResult): Promise<Me> {
  await startSession(result.user, result.accessToken);
  return result.user;
}

/** Replaces the signed-in user after a profile change, keeping the token. */
export function storeUser(user: Me): Me {
  clientState.setSession(user, clientState.getSnapshot().accessToken);
  return user;
}

export function requestCode(purpose: SignPurpose, login: string): Promise<CodeSent> {
  return api.post<CodeSent>("/api/auth/sign-request", { purpose, login }, quiet);
}

export function sendResetPasswordCode(login: string): Promise<CodeSent> {
  return api.post<CodeSent>("/api/auth/send-reset-password-code", { login }, quiet);
}

export async function signInWithPassword(login: string, password: string): Promise<Me> {
  const body = { login, password, ...currentSignInContext() };
  return storeSession(await api.post<AuthResult>("/api/auth/sign-in", body, quiet));
}

export async function signInWithCode(login: string, code: string): Promise<Me> {
  const body = { login, code, ...currentSignInContext() };
  return storeSession(await api.post<AuthResult>("/api/auth/sign-in", body, quiet));
}

export async function signUp(fields: {
  login: string;
  code: string;
  username: string;
  password: string;
}): Promise<Me> {
  const body = { ...fields, ...currentSignInContext() };
  return storeSession(await api.post<AuthResult>("/api/auth/sign-up", body, quiet));
}

export async function resetPassword(fields: { login: string; code: string; password: string }): Promise<Me> {
  const body = { ...fields, ...currentSignInContext() };
  return storeSession(await api.post<AuthResult>("/api/auth/reset-password", body, quiet));
}

export async function signInWithGoogle(idToken: string): Promise<Me> {
  const body = { idToken, ...currentSignInContext() };
  // The API sets the refresh cookie on this answer, so it must carry credentials (spec S7.2).
  const result = await api.post<AuthResult>("/api/auth/google-login", body, { ...quiet, credentials: true });
  return storeSession(result);
}

export async function fetchMe(): Promise<Me> {
  return storeUser(await api.get<Me>("/api/user/me", quiet));
}

export async function listSessions(): Promise<Session[]> {
  return (await api.post<SessionList>("/api/auth/token", undefined, quiet)).sessions;
}

export function endSession(id: string): Promise<void> {
  return api.del<void>(`/api/auth/token/${encodeURIComponent(id)}`, quiet);
}

export function endOtherSessions(): Promise<void> {
  return api.del<void>("/api/auth/token/all", quiet);
}

export async function uploadAvatar(image: Blob): Promise<Me> {
  const form = new FormData();
  form.append("file", image, "avatar.webp");
  return storeUser(await api.post<Me>("/api/user/avatar", form, quiet));
}

export async function deleteAvatar(): Promise<Me> {
  return storeUser(await api.del<Me>("/api/user/avatar", quiet));
}

export async function changeUsername(username: string): Promise<Me> {
  return storeUser(await api.patch<Me>("/api/user/username", { username }, quiet));
}

export function requestPhoneCode(phone: string): Promise<CodeSent> {
  return api.post<CodeSent>("/api/user/request-phone", { phone }, quiet);
}

export async function confirmPhone(phone: string, code: string): Promise<Me> {
  return storeUser(await api.post<Me>("/api/user/confirm-phone", { phone, code }, quiet));
}

export async function makePhoneMain(id: number): Promise<Me> {
  return storeUser(await api.patch<Me>(`/api/user/phone/${id}/main`, undefined, quiet));
}

export async function deletePhone(id: number): Promise<Me> {
  return storeUser(await api.del<Me>(`/api/user/phone/${id}`, quiet));
}

export function requestEmailCode(email: string): Promise<CodeSent> {
  return api.post<CodeSent>("/api/user/request-email", { email }, quiet);
}

export async function confirmEmail(email: string, code: string): Promise<Me> {
  return storeUser(await api.patch<Me>("/api/user/confirm-email", { email, code }, quiet));
}

export function changePassword(body: ChangePasswordBody): Promise<void> {
  return api.patch<void>("/api/user/password", body, quiet);
}

/** Deletes the account; the caller then signs out locally (the API has ended every session). */
export function deleteAccount(body: DeleteAccountBody): Promise<void> {
  return api.request<void>("/api/user/me", { method: "DELETE", body, ...quiet });
}
