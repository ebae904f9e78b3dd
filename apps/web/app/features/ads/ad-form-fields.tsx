import {
  Checkbox,
  Chip,
  Group,
  Input,
  NativeSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  type TextInputProps,
} from "@mantine/core";
import { colorSwatches, type FieldDefinition, resolveBound, type VerticalDefinition } from "@unaa/contracts";
import { useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber, THOUSANDS_SEPARATOR } from "../../lib/format.ts";
import { applyMask, createNumberMask } from "../../lib/input-mask.ts";
import { useLocale } from "../../lib/use-locale.ts";
import { CONTROL_SIZE } from "../../theme.ts";
import type { AdFormValues, FieldValue } from "./ad-form-values.ts";
import { fieldLabelKey, valueLabelKey } from "./ad-format.ts";

type NumberDefinition = Extract<FieldDefinition, { kind: "number" | "integer" }>;

/** Numbers up to this are typed without thousands groups (a year, seats, horsepower). */
const groupFrom = 10_000;

/** Decimals a number field takes: as many as its step has (0.1 → 1); six for a bare number (map points). */
function decimalsOf(field: NumberDefinition): number {
  if (field.kind === "integer") return 0;
  if (field.step === undefined) return 6;
  return Math.max(0, -Math.floor(Math.log10(field.step)));
}

/** A field's number as the seller reads it (in its input and in its error texts). */
export function formatFieldNumber(
  value: number,
  locale: string,
  options: { decimals: number; isGrouped: boolean },
): string {
  const text = formatNumber(value, options.decimals, locale);
  return options.isGrouped ? text : text.replaceAll(THOUSANDS_SEPARATOR, "");
}

export function numberOptionsOf(field: NumberDefinition) {
  return { decimals: decimalsOf(field), isGrouped: resolveBound(field.max) >= groupFrom };
}

interface NumberTextProps extends Omit<TextInputProps, "value" | "onChange"> {
  value: number | null;
  onChange: (value: number | null) => void;
  decimals: number;
  isGrouped: boolean;
  unsigned?: boolean;
}

/**
 * A number typed through the number mask (S5.2): digits only, the locale's decimal sign, thousands
 * in groups of three where the figure can be large (S5.4).
 */
export function NumberText({
  value,
  onChange,
  decimals,
  isGrouped,
  unsigned = true,
  ...props
}: NumberTextProps) {
  const locale = useLocale();
  const mask = useMemo(
    () => createNumberMask({ locale, fractionDigits: decimals, unsigned }),
    [locale, decimals, unsigned],
  );
  const show = (text: string) => (isGrouped ? text : text.replaceAll(THOUSANDS_SEPARATOR, ""));
  const [text, setText] = useState(value === null ? "" : show(mask.format(value)));
  // A value set from outside (a restored draft, the catalogue's specs) replaces what is shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value from outside matters.
  useEffect(() => {
    if (mask.parse(text) !== value) setText(value === null ? "" : show(mask.format(value)));
  }, [value]);
  return (
    <TextInput
      {...props}
      inputMode={decimals > 0 ? "decimal" : "numeric"}
      autoComplete="off"
      value={text}
      onChange={(event) => {
        const next = show(mask.format(event.currentTarget.value));
        setText(next);
        onChange(mask.parse(next));
      }}
    />
  );
}

export interface AdFieldProps {
  definition: VerticalDefinition;
  field: FieldDefinition;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  error?: string | undefined;
  /** The field's `{name}Unit` companion, chosen inside the input's right edge. */
  companion?: { field: FieldDefinition; value: FieldValue; onChange: (value: FieldValue) => void };
}

/** A value of an enum field as the seller reads it. */
function useValueLabel(definition: VerticalDefinition, field: FieldDefinition) {
  const { t } = useTranslation();
  return (value: string) => t(valueLabelKey(definition, field.name, value));
}

/**
 * A short choice inside an input's right edge: the unit of a number (km or miles) or the currency
 * of a price. Units read short (`unit.km`) where such a label exists.
 */
export function InlineSelect({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <NativeSelect
      aria-label={label}
      data={options}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      variant="unstyled"
      size="sm"
      rightSectionWidth={20}
      styles={{ input: { fontWeight: 600, paddingInlineStart: 8, paddingInlineEnd: 22 } }}
      data-testid={testId}
    />
  );
}

/** A field of the vertical's definition, as its kind asks: chips or a select, checkboxes, a masked input. */
export function AdField({ definition, field, value, onChange, error, companion }: AdFieldProps) {
  const { t } = useTranslation();
  const label = t(fieldLabelKey(field.name));
  const testId = `field-${field.name}`;
  switch (field.kind) {
    case "enum":
      return (
        <EnumInput
          definition={definition}
          field={field}
          value={typeof value === "string" ? value : null}
          onChange={onChange}
          label={label}
          error={error}
          testId={testId}
        />
      );
    case "multi-enum":
      return (
        <MultiEnumInput
          definition={definition}
          field={field}
          value={Array.isArray(value) ? value : []}
          onChange={onChange}
          label={label}
          error={error}
          testId={testId}
        />
      );
    case "number":
    case "integer": {
      const unit = field.unit ? t(`unit.${field.unit}`) : undefined;
      const unitValues = companion?.field.kind === "enum" ? companion.field.values : [];
      const rightSection = companion ? (
        <InlineSelect
          label={t(fieldLabelKey(companion.field.name))}
          options={unitValues.map((item) => ({
            value: item,
            label: t([`unit.${item}`, valueLabelKey(definition, companion.field.name, item)]),
          }))}
          value={typeof companion.value === "string" ? companion.value : (unitValues[0] ?? "")}
          onChange={(next) => companion.onChange(next)}
          testId={`field-${companion.field.name}`}
        />
      ) : unit ? (
        <Text size="sm" c="dimmed">
          {unit}
        </Text>
      ) : undefined;
      return (
        <NumberText
          label={label}
          withAsterisk={field.required}
          value={typeof value === "number" ? value : null}
          onChange={onChange}
          {...numberOptionsOf(field)}
          unsigned={resolveBound(field.min) >= 0}
          rightSection={rightSection}
          rightSectionWidth={companion ? 76 : unit ? 48 : undefined}
          error={error}
          data-testid={testId}
        />
      );
    }
    case "boolean":
      return (
        <Switch
          label={label}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked ? true : null)}
          error={error}
          size="md"
          data-testid={testId}
        />
      );
    case "text":
      return (
        <TextInput
          label={label}
          withAsterisk={field.required}
          value={typeof value === "string" ? value : ""}
          // A mask limits the length itself (and drops what does not fit, such as pasted dashes).
          maxLength={field.mask ? undefined : field.maxLength}
          onChange={(event) => {
            let next = event.currentTarget.value;
            if (field.mask) next = applyMask(next, field.mask);
            if (field.upperCase) next = next.toUpperCase();
            onChange(next === "" ? null : next);
          }}
          styles={field.upperCase ? { input: { textTransform: "uppercase" } } : undefined}
          autoComplete="off"
          error={error}
          data-testid={testId}
        />
      );
    case "catalog":
      // Catalogue fields are chosen together by the catalogue picker of the first step.
      return null;
  }
}

const swatches: Readonly<Record<string, string>> = colorSwatches;

function isColourList(field: Extract<FieldDefinition, { kind: "enum" }>): boolean {
  return field.values.every((item) => Object.hasOwn(swatches, item));
}

/** Whether an enum field shows as chips: short lists, colours (with swatches) and the category. */
export function isChipList(
  definition: VerticalDefinition,
  field: Extract<FieldDefinition, { kind: "enum" }>,
) {
  return isColourList(field) || field.values.length <= 8 || field.name === definition.categoryField;
}

/** Chips for short lists (and colours, with their swatches); a searchable select for long ones. */
function EnumInput({
  definition,
  field,
  value,
  onChange,
  label,
  error,
  testId,
}: {
  definition: VerticalDefinition;
  field: Extract<FieldDefinition, { kind: "enum" }>;
  value: string | null;
  onChange: (value: FieldValue) => void;
  label: string;
  error?: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const valueLabel = useValueLabel(definition, field);
  const isColour = isColourList(field);
  if (!isChipList(definition, field)) {
    return (
      <Select
        label={label}
        withAsterisk={field.required}
        placeholder={t("adForm.choose")}
        data={field.values.map((item) => ({ value: item, label: valueLabel(item) }))}
        value={value}
        onChange={(next) => onChange(next)}
        searchable
        clearable={!field.required}
        allowDeselect={!field.required}
        maxDropdownHeight={320}
        comboboxProps={{ transitionProps: { duration: 0 } }}
        error={error}
        data-testid={testId}
      />
    );
  }
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      size={CONTROL_SIZE}
      id={labelId}
      withAsterisk={field.required}
      error={error}
      data-testid={testId}
    >
      <Group gap={8} mt={6} role="radiogroup" aria-labelledby={`${labelId}-label`}>
        {field.values.map((item) => (
          <Chip
            key={item}
            type="radio"
            checked={value === item}
            // An optional value is cleared by choosing it again.
            onChange={() => onChange(value === item && !field.required ? null : item)}
            variant="filled"
            size="sm"
            icon={isColour ? <Swatch color={swatches[item] ?? ""} /> : undefined}
            wrapperProps={{ "data-value": item }}
          >
            {isColour && value !== item && <Swatch color={swatches[item] ?? ""} />}
            {valueLabel(item)}
          </Chip>
        ))}
      </Group>
    </Input.Wrapper>
  );
}

function Swatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: "inline-block",
        width: 12,
        height: 12,
        marginInlineEnd: 6,
        verticalAlign: "-1px",
        borderRadius: "50%",
        background: color,
        border: "1px solid var(--mantine-color-default-border)",
      }}
    />
  );
}

/** Checkboxes, in the definition's groups when it has them (equipment: safety, comfort, …). */
function MultiEnumInput({
  definition,
  field,
  value,
  onChange,
  label,
  error,
  testId,
}: {
  definition: VerticalDefinition;
  field: Extract<FieldDefinition, { kind: "multi-enum" }>;
  value: string[];
  onChange: (value: FieldValue) => void;
  label: string;
  error?: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  const valueLabel = useValueLabel(definition, field);
  const groups = Object.entries(field.groups ?? { all: field.values });
  return (
    <Checkbox.Group
      label={label}
      value={value}
      onChange={(next) => onChange(next.length ? next : null)}
      // Labelled like the inputs around it; the checkboxes keep their own, smaller size.
      labelProps={{ style: { fontSize: "var(--mantine-font-size-lg)" } }}
      error={error}
      data-testid={testId}
    >
      <Stack gap="md" mt="xs">
        {groups.map(([group, values]) => (
          <Stack key={group} gap={6}>
            {field.groups && (
              <Text size="sm" fw={600}>
                {t(`${field.name}Group.${group}`)}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={6} verticalSpacing={6}>
              {values.map((item) => (
                <Checkbox key={item} value={item} label={valueLabel(item)} />
              ))}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** What every step of the ad form gets: the state, ways to change it, and the texts of its errors. */
export interface AdFormStepProps {
  definition: VerticalDefinition;
  values: AdFormValues;
  change: (patch: Partial<AdFormValues>) => void;
  changeField: (name: string, value: FieldValue) => void;
  errorOf: (key: string) => string | undefined;
}
