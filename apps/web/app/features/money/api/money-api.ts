/** `/api/balance` and `/api/payments` (decision 061): the wallet, its ledger and top-ups. */
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type {
  LedgerEntryKind,
  LedgerPage,
  Payment,
  PaymentList,
  TopUpInput,
  TopUpResponse,
  Wallet,
} from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

export interface LedgerFilters {
  kind: LedgerEntryKind | null;
  /** `YYYY-MM-DD` days, inclusive. */
  from: string | null;
  to: string | null;
}

export const ledgerPageSize = 20;

/** The money queries' keys: each starts with the signed-in user's id (the caches are theirs). */
export const moneyKeys = {
  all: (userId: number | undefined) => ["money", userId] as const,
  wallet: (userId: number | undefined) => ["money", userId, "wallet"] as const,
  payments: (userId: number | undefined) => ["money", userId, "payments"] as const,
  payment: (userId: number | undefined, id: string) => ["money", userId, "payment", id] as const,
  ledger: (userId: number | undefined, filters: LedgerFilters) =>
    ["money", userId, "ledger", filters] as const,
};

export function walletQueryOptions(userId: number | undefined) {
  return queryOptions({
    queryKey: moneyKeys.wallet(userId),
    queryFn: ({ signal }) => api.get<Wallet>("/api/balance", { signal, silent: true }),
    enabled: userId !== undefined,
  });
}

export function paymentsQueryOptions(userId: number | undefined) {
  return queryOptions({
    queryKey: moneyKeys.payments(userId),
    queryFn: ({ signal }) => api.get<PaymentList>("/api/payments", { signal, silent: true }),
    enabled: userId !== undefined,
  });
}

/** One payment, polled every 2 s until the provider's outcome is in. */
export function paymentQueryOptions(userId: number | undefined, id: string | null) {
  return queryOptions({
    queryKey: moneyKeys.payment(userId, id ?? ""),
    queryFn: ({ signal }) => api.get<Payment>(`/api/payments/${id}`, { signal, silent: true }),
    enabled: userId !== undefined && id !== null,
    refetchInterval: (query) => (query.state.data?.status === "pending" ? 2_000 : false),
  });
}

export function ledgerQueryOptions(userId: number | undefined, filters: LedgerFilters) {
  return infiniteQueryOptions({
    queryKey: moneyKeys.ledger(userId, filters),
    queryFn: ({ signal, pageParam }) =>
      api.get<LedgerPage>("/api/balance/ledger", {
        signal,
        silent: true,
        query: { ...filters, cursor: pageParam, limit: ledgerPageSize },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: userId !== undefined,
  });
}

/** `POST /api/payments`: the payment and where the payer goes. Silent: the form shows errors. */
export function startTopUp(input: TopUpInput): Promise<TopUpResponse> {
  return api.post<TopUpResponse>("/api/payments", input, { silent: true });
}

/** The sandbox checkout's choice; answers where to go back to. */
export function decideSandboxPayment(
  id: string,
  decision: "pay" | "decline",
): Promise<{ returnUrl: string }> {
  return api.post<{ returnUrl: string }>(`/api/payments/${id}/sandbox`, { decision }, { silent: true });
}

export function getPayment(id: string, signal?: AbortSignal): Promise<Payment> {
  return api.get<Payment>(`/api/payments/${id}`, { signal, silent: true });
}
