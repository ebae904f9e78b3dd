/** `/api/dashboard/payments` (decision 068): balance movements, admins' adjustments and refunds. */
import type {
  DashboardAdjustment,
  DashboardAdjustmentInput,
  DashboardListOrder,
  DashboardPaymentsPage,
  DashboardRefund,
  DashboardRefundInput,
  LedgerEntryKind,
} from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";
import { keysetQueryOptions } from "./dashboard-api.ts";

export interface PaymentFilters {
  kind: LedgerEntryKind | null;
  /** An id, a phone or an email. */
  user: string | null;
  providerRef: string | null;
  /** `YYYY-MM-DD` days, inclusive. */
  from: string | null;
  to: string | null;
}

export function paymentsQueryOptions(
  viewerId: number | undefined,
  filters: PaymentFilters,
  order: DashboardListOrder,
) {
  return keysetQueryOptions<DashboardPaymentsPage>(
    ["dashboard", viewerId, "payments", filters] as const,
    viewerId,
    "/api/dashboard/payments",
    { ...filters },
    order,
  );
}

/** Silent: the dialog shows the error. */
export function adjustBalance(input: DashboardAdjustmentInput): Promise<DashboardAdjustment> {
  return api.post<DashboardAdjustment>("/api/dashboard/payments/adjustments", input, { silent: true });
}

/** Silent: the dialog shows the error. */
export function refundPurchase(entryId: number, input: DashboardRefundInput): Promise<DashboardRefund> {
  return api.post<DashboardRefund>(`/api/dashboard/payments/${entryId}/refund`, input, { silent: true });
}
