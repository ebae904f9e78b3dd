import {
  Checkbox,
  Chip,
  Group,
  Input,
  NativeSelect,
  NumberInput,
  type NumberInputProps,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import {
  colorSwatches,
  type FieldDefinition,
  resolveBound,
  unitFieldOf,
  type VerticalDefinition,
} from "@unaa/contracts";
import { type ClipboardEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber, getDecimalSeparator, THOUSANDS_SEPARATOR } from "../../../lib/format.ts";
import { applyMask } from "../../../lib/input-mask.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { CONTROL_SIZE } from "../../../theme.ts";
import { fieldLabelKey, valueLabelKey } from "../ad-format.ts";
import type { AdFormValues, FieldValue } from "./ad-form-values.ts";

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

interface NumberFieldProps
  extends Omit<NumberInputProps, "value" | "onChange" | "decimalScale" | "allowDecimal" | "allowNegative"> {
  value: number | null;
  onChange: (value: number | null) => void;
  decimals: number;
  isGrouped: boolean;
  unsigned?: boolean;
}

/** The number behind what Mantine's NumberInput reports: a number, or a text while it is typed ("3."). */
function numberOf(value: number | string): number | null {
  if (typeof value === "number") return value;
  const parsed = Number(value);
  return value.trim() === "" || !Number.isFinite(parsed) ? null : parsed;
}

/**
 * A pasted "1 250 000 сом" or "$12,500" keeps its figures (NumberInput would drop the whole text):
 * what is not a digit, a minus or a space is left out, and so are separators where the number is
 * whole; the rest is typed in, and a decimal comma or point is read as NumberInput reads it.
 */
function pasteFigures(event: ClipboardEvent<HTMLInputElement>, decimals: number) {
  const text = event.clipboardData.getData("text");
  const figures = text.replace(decimals > 0 ? /[^\d\s.,-]/g : /[^\d\s-]/g, "").trim();
  if (figures === text) return;
  event.preventDefault();
  event.stopPropagation();
  document.execCommand("insertText", false, figures);
}

/**
 * A number typed through Mantine's NumberInput (S5.2): digits only; a typed comma or point is the
 * decimal sign in every language, shown as the language's own; thousands in groups of three, by a
 * space, where the figure can be large (S5.4). No steppers, no clamping: the form says what is
 * out of range.
 */
export function NumberField({
  value,
  onChange,
  decimals,
  isGrouped,
  unsigned = true,
  ...props
}: NumberFieldProps) {
  const locale = useLocale();
  // What the input holds while typing ("3," is 3 with a sign still to be followed by digits).
  const [typed, setTyped] = useState<number | string>(value ?? "");
  // A value set from outside (a restored draft, the catalogue's specs) replaces what is shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value from outside matters.
  useEffect(() => {
    if (numberOf(typed) !== value) setTyped(value ?? "");
  }, [value]);
  return (
    <NumberInput
      {...props}
      inputMode={decimals > 0 ? "decimal" : "numeric"}
      autoComplete="off"
      value={typed}
      onChange={(next) => {
        setTyped(next);
        onChange(numberOf(next));
      }}
      allowDecimal={decimals > 0}
      decimalScale={decimals}
      decimalSeparator={getDecimalSeparator(locale)}
      allowedDecimalSeparators={[",", "."]}
      thousandSeparator={isGrouped ? THOUSANDS_SEPARATOR : undefined}
      allowNegative={!unsigned}
      allowLeadingZeros={false}
      onPasteCapture={(event) => pasteFigures(event, decimals)}
      hideControls
      withKeyboardEvents={false}
      clampBehavior="none"
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
        <NumberField
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
                // 24 px boxes: a 20 px box in a 6 px grid is too small a target (WCAG 2.5.8).
                <Checkbox key={item} value={item} label={valueLabel(item)} size="md" />
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

/** Fields in the definition's order (the first two steps): short inputs two to a row, chips and checkboxes full width. */
export function FieldsGrid({ fields, ...props }: AdFormStepProps & { fields: FieldDefinition[] }) {
  const compact = (field: FieldDefinition) => isCompact(props.definition, field);
  const rows: FieldDefinition[][] = [];
  for (const field of fields) {
    const last = rows.at(-1);
    if (compact(field) && last?.length === 1 && last[0] && compact(last[0])) last.push(field);
    else rows.push([field]);
  }
  return (
    <Stack gap="lg">
      {rows.map((row) =>
        row[0] && compact(row[0]) ? (
          <SimpleGrid key={row.map((field) => field.name).join()} cols={{ base: 1, sm: 2 }} spacing="md">
            {row.map((field) => (
              <DefinitionField key={field.name} {...props} field={field} />
            ))}
          </SimpleGrid>
        ) : (
          row[0] && <DefinitionField key={row[0].name} {...props} field={row[0]} />
        ),
      )}
    </Stack>
  );
}

/** Inputs that fit half a row: numbers, texts and long lists in a select. */
function isCompact(definition: VerticalDefinition, field: FieldDefinition): boolean {
  if (field.kind === "number" || field.kind === "integer" || field.kind === "text") return true;
  return field.kind === "enum" && !isChipList(definition, field);
}

function DefinitionField({
  definition,
  values,
  changeField,
  errorOf,
  field,
}: AdFormStepProps & { field: FieldDefinition }) {
  const companion = unitFieldOf(definition, field.name);
  return (
    <AdField
      definition={definition}
      field={field}
      value={values.fields[field.name] ?? null}
      onChange={(value) => changeField(field.name, value)}
      error={errorOf(`fields.${field.name}`) ?? (companion ? errorOf(`fields.${companion.name}`) : undefined)}
      {...(companion
        ? {
            companion: {
              field: companion,
              value: values.fields[companion.name] ?? null,
              onChange: (value: FieldValue) => changeField(companion.name, value),
            },
          }
        : {})}
    />
  );
}
