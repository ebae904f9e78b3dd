import { Alert, Button, Group, Paper, Progress, Stack, Stepper, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconArrowRight, IconCheck, IconRestore } from "@tabler/icons-react";
import type { Vertical } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../components/form-alert.tsx";
import { useIsHydrated } from "../../../lib/use-hydrated.ts";
import type { AdFormStepProps } from "./ad-form-fields.tsx";
import type { AdFormStep } from "./ad-form-values.ts";
import { DescriptionStep } from "./description-step.tsx";
import { DetailsStep } from "./details-step.tsx";
import { MainStep } from "./main-step.tsx";
import { OutcomePanel } from "./outcome-panel.tsx";
import { PhotosStep } from "./photos-step.tsx";
import { PreviewStep } from "./preview-step.tsx";
import { PriceStep } from "./price-step.tsx";
import { type AdFormProps, useAdForm } from "./use-ad-form.ts";

/** The first step is named by what the vertical sells ("Vehicle", "Service"); the others are shared. */
function stepLabelKey(vertical: Vertical, step: AdFormStep): string {
  return step === "main" ? `adForm.step.main.${vertical}` : `adForm.step.${step}`;
}

/**
 * The one ad form of every vertical, step by step, built from the vertical's definition: what is
 * sold, its details, photos, price and contacts, description, preview. Checked in the browser with
 * the API's own schema; the API's field errors land on their fields and steps. A new ad's form is
 * kept as a draft in local storage until it is published. The state lives in `useAdForm`; each
 * step is its own component.
 */
export function AdForm({ vertical, edit }: AdFormProps) {
  const { t } = useTranslation();
  const isHydrated = useIsHydrated();
  const form = useAdForm({ vertical, edit });
  const { steps, step, stepIndex, isBusy } = form;

  if (form.outcome)
    return <OutcomePanel outcome={form.outcome} vertical={vertical} onAnother={form.startOver} />;

  const stepProps: AdFormStepProps = {
    definition: form.definition,
    values: form.values,
    change: form.change,
    changeField: form.changeField,
    errorOf: form.errorOf,
  };

  return (
    <Stack gap="lg" maw={920} ref={form.top} style={{ scrollMarginTop: 80 }}>
      {form.isRestored && (
        <Alert color="indigo" variant="light" icon={<IconRestore size={20} />} data-testid="draft-restored">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t("adForm.draft.restored")}</Text>
            <Group gap="xs">
              <Button size="xs" variant="subtle" onClick={form.keepRestoredDraft}>
                {t("adForm.draft.keep")}
              </Button>
              <Button size="xs" variant="light" onClick={form.startOver} data-testid="draft-start-over">
                {t("adForm.draft.startOver")}
              </Button>
            </Group>
          </Group>
        </Alert>
      )}
      <Stepper
        active={stepIndex}
        onStepClick={(index) => {
          const target = steps[index];
          if (target && index <= form.reached) form.goTo(target);
        }}
        size="xs"
        iconSize={28}
        wrap={false}
        visibleFrom="md"
        allowNextStepsSelect={false}
      >
        {steps.map((item, index) => (
          <Stepper.Step
            key={item}
            label={t(stepLabelKey(vertical, item))}
            allowStepSelect={index <= form.reached}
            color={form.hasStepErrors(item) ? "red" : undefined}
            data-testid={`step-${item}`}
          />
        ))}
      </Stepper>
      <Stack gap={6} hiddenFrom="md">
        <Text size="sm" c="dimmed">
          {t("adForm.stepOf", { step: stepIndex + 1, total: steps.length })}
        </Text>
        <Progress value={((stepIndex + 1) / steps.length) * 100} size="sm" aria-hidden />
      </Stack>
      <Paper
        withBorder
        radius="lg"
        p={{ base: "md", sm: "xl" }}
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          form.submitStep();
        }}
        noValidate
      >
        <Stack gap="lg">
          <Title order={2} fz="xl" data-testid="step-title">
            {t(stepLabelKey(vertical, step))}
          </Title>
          {step === "main" && <MainStep {...stepProps} changeCatalog={form.changeCatalog} />}
          {step === "details" && <DetailsStep {...stepProps} />}
          {step === "photos" && (
            <PhotosStep {...stepProps} changePhotos={form.changePhotos} isEdit={form.isEdit} />
          )}
          {step === "price" && <PriceStep {...stepProps} />}
          {step === "description" && <DescriptionStep {...stepProps} />}
          {step === "preview" && <PreviewStep {...stepProps} />}
          <FormAlert text={form.formError} />
          <Group justify="space-between" gap="sm">
            {stepIndex > 0 ? (
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={18} />}
                onClick={form.goBack}
                disabled={isBusy}
                data-testid="step-back"
              >
                {t("adForm.back")}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              {form.isEdit && step !== "preview" && (
                <Button
                  variant="light"
                  onClick={() => void form.submit()}
                  loading={isBusy}
                  disabled={!isHydrated}
                  data-testid="save-now"
                >
                  {t("adForm.save")}
                </Button>
              )}
              <Button
                type="submit"
                rightSection={step === "preview" ? <IconCheck size={18} /> : <IconArrowRight size={18} />}
                loading={isBusy && step === "preview"}
                disabled={!isHydrated}
                data-testid={step === "preview" ? "publish" : "step-next"}
              >
                {step === "preview" ? t(form.isEdit ? "adForm.save" : "adForm.publish") : t("adForm.next")}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
