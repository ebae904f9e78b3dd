import { Stack, Text, Textarea, TextInput } from "@mantine/core";
import { adDescriptionMaxLength, adTitleMaxLength } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import type { AdFormStepProps } from "./ad-form-fields.tsx";

/** The title (services write their own) and the description. */
export function DescriptionStep({ definition, values, change, errorOf }: AdFormStepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {definition.title.kind === "seller" && (
        <TextInput
          label={t("field.title")}
          withAsterisk
          description={t("adForm.description.titleHint")}
          value={values.title}
          maxLength={adTitleMaxLength}
          onChange={(event) => change({ title: event.currentTarget.value })}
          error={errorOf("title")}
          data-testid="field-title"
        />
      )}
      <Textarea
        label={t("field.description")}
        description={t("adForm.description.hint")}
        value={values.description}
        maxLength={adDescriptionMaxLength}
        onChange={(event) => change({ description: event.currentTarget.value })}
        autosize
        minRows={6}
        maxRows={16}
        error={errorOf("description")}
        data-testid="field-description"
      />
      <Text size="xs" c="dimmed" ta="right">
        {t("adForm.description.count", { length: values.description.length, max: adDescriptionMaxLength })}
      </Text>
    </Stack>
  );
}
