import { Button, Group, Stack, Text } from "@mantine/core";
import { IconBellOff, IconBellRinging } from "@tabler/icons-react";
import type { PushSubscriptionInput } from "@unaa/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { getPushKey, subscribePush, unsubscribePush } from "./api/notifications-api.ts";

type PushState = "unsupported" | "checking" | "on" | "off" | "denied";

const workerUrl = "/sw.js";

/** A long label wraps on a phone instead of widening the page. */
const wrapLabel = {
  root: { height: "auto", minHeight: 36 },
  label: { whiteSpace: "normal" as const, paddingBlock: 6 },
};

export function isPushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** A base64url VAPID key as the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function enablePush(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "denied" : "off";
  await navigator.serviceWorker.register(workerUrl, { scope: "/" });
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await getPushKey();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  // The server validates it (`pushSubscriptionInputSchema`); zod stays out of this page.
  await subscribePush(subscription.toJSON() as PushSubscriptionInput);
  return "on";
}

async function disablePush(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await unsubscribePush(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return "off";
}

/**
 * "Enable push on this device" / "Disable": asks the browser's permission, subscribes with the
 * server's VAPID key through the service worker (`public/sw.js`) and posts the subscription; or
 * unsubscribes. Hidden where the browser has no web push.
 */
export function PushDevice() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState>("checking");
  const [isBusy, setIsBusy] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);

  useEffect(() => {
    if (!isPushSupported()) {
      setState("unsupported");
      return;
    }
    if (Notification.permission === "denied") {
      setState("denied");
      return;
    }
    currentSubscription()
      .then((subscription) => setState(subscription ? "on" : "off"))
      .catch(() => setState("off"));
  }, []);

  if (state === "unsupported" || state === "checking") return null;
  const change = (run: () => Promise<PushState>) => {
    setIsBusy(true);
    setHasFailed(false);
    run()
      .then(setState)
      .catch(() => setHasFailed(true))
      .finally(() => setIsBusy(false));
  };
  return (
    <Stack gap={6} data-testid="push-device" data-state={state}>
      <Text fw={600} size="sm">
        {t("notifications.preferences.push.title")}
      </Text>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" flex="1 1 16rem">
          {t(`notifications.preferences.push.${state}`)}
        </Text>
        {state === "on" ? (
          <Button
            variant="default"
            leftSection={<IconBellOff size={16} />}
            loading={isBusy}
            maw="100%"
            styles={wrapLabel}
            onClick={() => change(disablePush)}
            data-testid="push-disable"
          >
            {t("notifications.preferences.push.disable")}
          </Button>
        ) : state === "off" ? (
          <Button
            variant="light"
            leftSection={<IconBellRinging size={16} />}
            loading={isBusy}
            maw="100%"
            styles={wrapLabel}
            onClick={() => change(enablePush)}
            data-testid="push-enable"
          >
            {t("notifications.preferences.push.enable")}
          </Button>
        ) : null}
      </Group>
      {hasFailed && (
        <Text size="sm" c="red" role="alert">
          {t("notifications.preferences.push.failed")}
        </Text>
      )}
    </Stack>
  );
}
