/** `/api/dashboard/notifications/*` (decision 070): the broadcasts, a preview, a send. */
import type { InfiniteData } from "@tanstack/react-query";
import type { Broadcast, BroadcastInput, BroadcastPage, BroadcastPreview } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";
import { keysetQueryOptions } from "./dashboard-api.ts";

export const broadcastsKey = (viewerId: number | undefined) => ["dashboard", viewerId, "broadcasts"] as const;

export function broadcastsQueryOptions(viewerId: number | undefined) {
  return {
    ...keysetQueryOptions<BroadcastPage>(
      broadcastsKey(viewerId),
      viewerId,
      "/api/dashboard/notifications/broadcasts",
    ),
    // A queued broadcast is sent by a job: its status is looked at again while it runs.
    refetchInterval: (query: { state: { data?: InfiniteData<BroadcastPage> } }) =>
      query.state.data?.pages.some((page) => page.items.some((item) => item.status !== "sent"))
        ? 3_000
        : false,
  };
}

export const previewBroadcast = (input: BroadcastInput) =>
  api.post<BroadcastPreview>("/api/dashboard/notifications/preview", input);

export const sendBroadcast = (input: BroadcastInput) =>
  api.post<Broadcast>("/api/dashboard/notifications/broadcasts", input);
