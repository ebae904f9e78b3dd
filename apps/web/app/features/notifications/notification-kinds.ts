import type { NotificationChannel, NotificationKind } from "@unaa/contracts";

// The contracts' lists, copied as types-checked data: importing their values would bring zod into
// the settings page. Each record must name every kind and channel, or this does not compile.
const kindOrder: Record<NotificationKind, number> = {
  adApproved: 1,
  adRejected: 2,
  adExpiring: 3,
  chatMessage: 4,
  savedSearchMatch: 5,
  favoritePriceDrop: 6,
  reviewNew: 7,
  reviewReply: 8,
  staffBroadcast: 9,
  paymentReceipt: 10,
  moderationNotice: 11,
  planRenewalSoon: 12,
  planRenewed: 13,
  planRenewalFailed: 14,
};
const channelOrder: Record<NotificationChannel, number> = { inApp: 1, email: 2, push: 3 };

export const preferenceKinds = Object.keys(kindOrder) as NotificationKind[];
export const preferenceChannels = Object.keys(channelOrder) as NotificationChannel[];
