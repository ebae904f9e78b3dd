import { toasts } from "./app-state.ts";

/** A short success message in the toast stack; it closes by itself like every toast (S4.13). */
export function showSuccess(title: string): void {
  toasts.add({ title, color: "teal" });
}
