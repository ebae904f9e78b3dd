/** `/api/dashboard/content*` (decision 072): the static pages' texts, the FAQ and contact messages. */
import { queryOptions } from "@tanstack/react-query";
import type {
  ContactMessage,
  ContactMessagesPage,
  ContactStatus,
  Faq,
  SiteContent,
  SitePageBody,
  SitePageName,
} from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";
import { dashboardKeys, keysetQueryOptions } from "./dashboard-api.ts";

export const contentKeys = {
  content: (viewerId: number | undefined) => [...dashboardKeys.all(viewerId), "content"] as const,
  messages: (viewerId: number | undefined, status: ContactStatus | null) =>
    [...dashboardKeys.all(viewerId), "contact-messages", status] as const,
};

export function contentQueryOptions(viewerId: number | undefined) {
  return queryOptions({
    queryKey: contentKeys.content(viewerId),
    queryFn: ({ signal }) => api.get<SiteContent>("/api/dashboard/content", { signal, silent: true }),
    enabled: viewerId !== undefined,
  });
}

export function savePage(page: SitePageName, body: SitePageBody): Promise<SitePageBody> {
  return api.put<SitePageBody>(`/api/dashboard/content/pages/${page}`, body, { silent: true });
}

export function saveFaq(faq: Faq): Promise<Faq> {
  return api.put<Faq>("/api/dashboard/content/faq", faq, { silent: true });
}

export function contactMessagesQueryOptions(viewerId: number | undefined, status: ContactStatus | null) {
  return keysetQueryOptions<ContactMessagesPage>(
    contentKeys.messages(viewerId, status),
    viewerId,
    "/api/dashboard/content/messages",
    { status },
  );
}

export function markMessageHandled(id: number): Promise<ContactMessage> {
  return api.post<ContactMessage>(`/api/dashboard/content/messages/${id}/handled`, undefined, {
    silent: true,
  });
}
