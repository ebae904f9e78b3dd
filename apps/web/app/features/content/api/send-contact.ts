/** `POST /api/contact`: a message to the site's staff from /contact or /advert (decision 072). */
import { useMutation } from "@tanstack/react-query";
import type { ContactInput } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

export function sendContact(input: ContactInput): Promise<{ sent: true }> {
  return api.post<{ sent: true }>("/api/contact", input, { silent: true });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
