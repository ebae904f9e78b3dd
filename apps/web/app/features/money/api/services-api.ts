/** `/api/services/{type}/{id}` (decision 063): an ad's paid services, and buying one from the balance. */
import { queryOptions } from "@tanstack/react-query";
import type { AdServices, ServicePurchase, ServicePurchaseInput, Vertical } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";
import { moneyKeys } from "./money-api.ts";

export const servicesKeys = {
  ad: (userId: number | undefined, vertical: Vertical, adId: number) =>
    [...moneyKeys.all(userId), "services", vertical, adId] as const,
};

/** The page's data; the loader's answer is its first value. */
export function adServicesQueryOptions(userId: number | undefined, vertical: Vertical, adId: number) {
  return queryOptions({
    queryKey: servicesKeys.ad(userId, vertical, adId),
    queryFn: ({ signal }) =>
      api.get<AdServices>(`/api/services/${vertical}/${adId}`, { signal, silent: true }),
    enabled: userId !== undefined,
  });
}

/** Buys a service; silent: the confirm dialog shows what went wrong. */
export function buyService(
  vertical: Vertical,
  adId: number,
  input: ServicePurchaseInput,
): Promise<ServicePurchase> {
  return api.post<ServicePurchase>(`/api/services/${vertical}/${adId}`, input, { silent: true });
}
