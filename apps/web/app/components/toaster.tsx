import { Anchor, Notification } from "@mantine/core";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { toasts } from "../lib/app-state.ts";
import { TOAST_GAP_PX, TOAST_SCALE_STEP, type Toast } from "../lib/toast-store.ts";
import { AppLink } from "./app-link.tsx";
import classes from "./toaster.module.css";

const noToasts: readonly Toast[] = [];

/** A toast's optional extra field `link`: a page to go on to ("promote the ad"). */
function isToastLink(value: unknown): value is { to: string; label: string } {
  const link = value as { to?: unknown; label?: unknown } | null | undefined;
  return typeof link?.to === "string" && typeof link.label === "string";
}

/**
 * The toast stack (spec S4.12–S4.14, S9.2): newest in front; older ones peek out behind it, each
 * 0.05 smaller; hovering spreads them with a 16 px gap. Each closes itself after 2000 ms.
 */
export function Toaster() {
  const { t } = useTranslation();
  const list = useSyncExternalStore(toasts.subscribe, toasts.getSnapshot, () => noToasts);
  const [isExpanded, setExpanded] = useState(false);
  const scheduled = useRef(new Map<number, () => void>());

  useEffect(() => {
    const timers = scheduled.current;
    for (const toast of list) {
      if (toast.open && !timers.has(toast.id) && !isExpanded)
        timers.set(toast.id, toasts.scheduleAutoClose(toast.id));
    }
    for (const [id, cancel] of timers) {
      if (isExpanded || !list.some((toast) => toast.id === id && toast.open)) {
        cancel();
        timers.delete(id);
      }
    }
  }, [list, isExpanded]);

  const newestFirst = [...list].reverse();
  return (
    <section
      aria-label={t("toast.region")}
      className={classes.region}
      onMouseEnter={() => setExpanded(true)}
      onMouseLeave={() => setExpanded(false)}
      data-testid="toaster"
    >
      <ol className={classes.list}>
        {newestFirst.map((toast, index) => {
          const offset = isExpanded ? index * (72 + TOAST_GAP_PX) : index * TOAST_GAP_PX * 0.75;
          const scale = isExpanded ? 1 : 1 - index * TOAST_SCALE_STEP;
          return (
            <li
              key={toast.id}
              className={classes.item}
              data-open={toast.open}
              data-testid="toast"
              style={{ transform: `translateY(${offset}px) scale(${scale})`, zIndex: 100 - index }}
              aria-live="polite"
            >
              <Notification
                color={toast.color ?? "indigo"}
                title={toast.title}
                onClose={() => toasts.remove(toast.id)}
                closeButtonProps={{ "aria-label": t("toast.close") }}
                attributes={{ title: { "data-testid": "toast-title" } }}
                withBorder
                radius="md"
              >
                {typeof toast.description === "string" ? toast.description : null}
                {isToastLink(toast.link) && (
                  <Anchor component={AppLink} to={toast.link.to} size="sm" display="block" mt={4}>
                    {toast.link.label}
                  </Anchor>
                )}
              </Notification>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
