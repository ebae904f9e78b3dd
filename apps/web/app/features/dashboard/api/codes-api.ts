/** `GET /api/dashboard/codes` (decision 067): the log of one-time codes sent, keyset pages. */
import type {
  CodeChannel,
  CodeDeliveryStatus,
  CodeLogPage,
  DashboardListOrder,
  SignPurpose,
} from "@unaa/contracts";
import { keysetQueryOptions } from "./dashboard-api.ts";

export interface CodeFilters {
  purpose: SignPurpose | null;
  channel: CodeChannel | null;
  status: CodeDeliveryStatus | null;
  /** An exact phone or email. */
  recipient: string | null;
}

export function codesQueryOptions(
  viewerId: number | undefined,
  filters: CodeFilters,
  order: DashboardListOrder,
) {
  return {
    ...keysetQueryOptions<CodeLogPage>(
      ["dashboard", viewerId, "codes", filters] as const,
      viewerId,
      "/api/dashboard/codes",
      { ...filters },
      order,
    ),
    retry: false,
  };
}
