import type { KeyboardEvent } from "react";

/** Whether a key press in the composer sends: Enter alone, not while an input method composes. */
export function isSendKey(
  event: Pick<KeyboardEvent, "key" | "shiftKey" | "altKey" | "ctrlKey" | "metaKey"> & {
    nativeEvent: { isComposing?: boolean };
  },
): boolean {
  return (
    event.key === "Enter" &&
    !event.shiftKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.nativeEvent.isComposing
  );
}
