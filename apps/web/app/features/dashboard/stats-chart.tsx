/**
 * The stats page's charts (decision 073), loaded on demand: @mantine/charts and recharts, and their
 * styles, live in this module's chunk only, never in another page's.
 */
import "@mantine/charts/styles.layer.css";
import { AreaChart, BarChart } from "@mantine/charts";
import { Box, Group, getThemeColor, Text, useMantineTheme } from "@mantine/core";

export interface StatsChartSeries {
  name: string;
  label: string;
  color: string;
}

export interface StatsChartProps {
  /** One row a day: `label` (the day as shown) and one number per series. */
  data: Record<string, string | number>[];
  series: StatsChartSeries[];
  /** `stacked`: bars of several series stacked per day; `area`: one series as an area. */
  kind: "stacked" | "area";
  valueFormatter?: (value: number) => string;
  /**
   * The least top of the value axis, in the data's unit: money counted in tyiyn sets 100 som, so a
   * period without revenue shows whole som, not ticks of a hundredth.
   */
  minTop?: number;
}

/** The series' colours and names, wrapping on narrow screens (the chart's own legend would not). */
function Legend({ series }: { series: StatsChartSeries[] }) {
  const theme = useMantineTheme();
  return (
    <Group gap="md" mt="xs">
      {series.map((item) => (
        <Group key={item.name} gap={6} wrap="nowrap">
          <Box w={10} h={10} style={{ borderRadius: 999, background: getThemeColor(item.color, theme) }} />
          <Text size="xs">{item.label}</Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * The picture is hidden from assistive technology (the page gives its numbers as a table), so it
 * takes no keyboard focus either: recharts' keyboard layer is off.
 */
const unfocusable = { accessibilityLayer: false };

export default function StatsChart({ data, series, kind, valueFormatter, minTop = 4 }: StatsChartProps) {
  const common = {
    h: 260,
    data,
    dataKey: "label",
    series,
    valueFormatter,
    tickLine: "y" as const,
    yAxisProps: {
      allowDecimals: false,
      width: valueFormatter ? 96 : 40,
      domain: [0, (dataMax: number) => Math.max(dataMax, minTop)] as [number, (dataMax: number) => number],
    },
  };
  return (
    <>
      {kind === "stacked" ? (
        <BarChart {...common} type="stacked" barChartProps={unfocusable} />
      ) : (
        <AreaChart {...common} curveType="linear" withDots={data.length <= 31} areaChartProps={unfocusable} />
      )}
      {series.length > 1 && <Legend series={series} />}
    </>
  );
}
