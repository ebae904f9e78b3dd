import { Anchor, Group, Input, PinInput, Stack, Text } from "@mantine/core";
import { CODE_LENGTH, type CodeSent } from "@unaa/contracts";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { applyMask } from "../../lib/input-mask.ts";
import { CODE_MASK } from "./phone-input.ts";
import { formatCountdown, useCountdown } from "./use-countdown.ts";

/**
 * The one-time code step: where the code went, six digit boxes (mask `######`), and "send again"
 * once the resend timer (60 s from the API) has run out.
 */
export function CodeInput({
  sent,
  value,
  onChange,
  onComplete,
  onResend,
  error,
  disabled,
}: {
  sent: CodeSent;
  value: string;
  onChange: (value: string) => void;
  onComplete?: (value: string) => void;
  /** Asks for a new code; resolves with the new delivery, or null when it failed (shown by the form). */
  onResend: () => Promise<CodeSent | null>;
  error?: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { secondsLeft, start } = useCountdown();
  const [isResending, setResending] = useState(false);

  useEffect(() => {
    start(sent.resendInSeconds);
  }, [sent, start]);

  const resend = async () => {
    setResending(true);
    try {
      const next = await onResend();
      if (next) start(next.resendInSeconds);
    } finally {
      setResending(false);
    }
  };

  return (
    <Stack gap={6}>
      <Input.Label htmlFor={`${id}-code-1`} required>
        {t("auth.code.label")}
      </Input.Label>
      <Text size="sm" c="dimmed" data-testid="code-sent-to">
        {t(sent.channel === "sms" ? "auth.code.sentBySms" : "auth.code.sentByEmail", {
          // Keep "+996 *** *** 456" on one line.
          to: sent.sentTo.replaceAll(" ", "\u00a0"),
        })}
      </Text>
      <PinInput
        id={`${id}-code`}
        length={CODE_LENGTH}
        type="number"
        inputMode="numeric"
        oneTimeCode
        size="md"
        gap={8}
        autoFocus
        value={value}
        onChange={(next) => onChange(applyMask(next, CODE_MASK))}
        onComplete={onComplete}
        error={Boolean(error)}
        disabled={disabled}
        ariaLabel={t("auth.code.label")}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid="code-input"
      />
      {error && (
        <Text size="sm" c="red" id={`${id}-error`} role="alert" data-testid="code-error">
          {error}
        </Text>
      )}
      <Group gap="xs" mt={4}>
        {secondsLeft > 0 ? (
          <Text size="sm" c="dimmed" data-testid="code-resend-timer">
            {t("auth.code.resendIn", { time: formatCountdown(secondsLeft) })}
          </Text>
        ) : (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={resend}
            disabled={isResending || disabled}
            data-testid="code-resend"
          >
            {t("auth.code.resend")}
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
