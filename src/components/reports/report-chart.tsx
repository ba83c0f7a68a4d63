"use client";

import { useEffect, useRef } from "react";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { formatCents } from "@/lib/money";
import type { ReportChart as Chart } from "./report-view";

/** The chart's height, reserved before the script draws, so nothing below it moves. */
const HEIGHT = 256;
const COLORS = ["#2d6f43", "#c96f0c", "#4b5563", "#b91c1c"];
/** The room one label of the bottom axis needs ("Nov 30", "Nov 2026"). */
const LABEL_WIDTH = 72;
const HINT = "Point at the chart to read a column. The tables below hold every figure.";

function formatValue(value: number | null | undefined, unit: Chart["unit"]) {
  if (value === null || value === undefined) return "none";
  return unit === "money" ? formatCents(value) : value.toLocaleString("en-US");
}

/** Axis figures kept short: $1.2k, not $1,234.56. */
function axisValue(value: number, unit: Chart["unit"]) {
  if (unit === "count") return Number.isInteger(value) ? value.toLocaleString("en-US") : "";
  const dollars = value / 100;
  return Math.abs(dollars) >= 1000
    ? `$${(dollars / 1000).toLocaleString("en-US", { maximumFractionDigits: 1 })}k`
    : `$${Math.round(dollars)}`;
}

function options(chart: Chart, width: number, bars: uPlot.Series.PathBuilder, readout: HTMLElement | null): uPlot.Options {
  const count = chart.labels.length;
  // As many labels as fit the chart's width now (it follows the box when the screen turns).
  const step = (u: uPlot) => Math.max(1, Math.ceil(count / Math.max(1, Math.floor(u.width / LABEL_WIDTH))));
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 8 } },
    scales: {
      x: { time: false, range: [-0.5, count - 0.5] },
      y: {
        // An empty period still gets a readable scale: up to $100, or 5 visits.
        range: (_u, min, max) => [Math.min(0, min ?? 0), Math.max(chart.unit === "money" ? 10_000 : 5, (max ?? 0) * 1.1)],
      },
    },
    axes: [
      {
        splits: (u) => chart.labels.map((_, index) => index).filter((index) => index % step(u) === 0),
        values: (_u, splits) => splits.map((index) => chart.labels[index] ?? ""),
        stroke: "#374151",
        grid: { show: false },
      },
      {
        values: (_u, splits) => splits.map((value) => axisValue(value, chart.unit)),
        size: 60,
        stroke: "#374151",
        grid: { stroke: "#e5e7eb" },
      },
    ],
    series: [
      {},
      ...chart.series.map((series, index): uPlot.Series => {
        const color = COLORS[index % COLORS.length]!;
        return series.style === "bar"
          ? { label: series.label, stroke: color, fill: `${color}cc`, width: 0, paths: bars, points: { show: false } }
          : {
              label: series.label,
              stroke: color,
              width: 2,
              dash: index === 1 ? [6, 4] : undefined,
              points: { show: true, size: 5, fill: color },
            };
      }),
    ],
    hooks: {
      setCursor: [
        (u) => {
          if (!readout) return;
          const index = u.cursor.idx;
          readout.textContent =
            index === null || index === undefined
              ? HINT
              : `${chart.labels[index]}: ${chart.series.map((series) => `${series.label} ${formatValue(series.values[index], chart.unit)}`).join(", ")}`;
        },
      ],
    },
  };
}

/**
 * A report's chart, drawn by uPlot once the script has loaded; it fills a box whose size is
 * already set, so the page does not shift. The figures are in the table below for everyone.
 */
export function ReportChart({ chart }: { chart: Chart }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const readoutRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    let plot: uPlot | null = null;
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    void import("uplot").then(({ default: UPlot }) => {
      if (cancelled) return;
      const bars = UPlot.paths.bars!({ size: [0.6, 48] });
      const data: uPlot.AlignedData = [chart.labels.map((_, index) => index), ...chart.series.map((series) => series.values)];
      plot = new UPlot(options(chart, box.clientWidth, bars, readoutRef.current), data, box);
      observer = new ResizeObserver(() => plot?.setSize({ width: box.clientWidth, height: HEIGHT }));
      observer.observe(box);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [chart]);

  return (
    <figure className="noscript:hidden">
      <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-700">
        {chart.series.map((series, index) => (
          <li key={series.label} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={series.style === "bar" ? "size-3 rounded-sm" : "h-0.5 w-4"}
              style={{ backgroundColor: COLORS[index % COLORS.length] }}
            />
            {series.label}
          </li>
        ))}
      </ul>
      <div
        ref={boxRef}
        role="img"
        aria-label={`Chart: ${chart.title}. The same figures are in the table below.`}
        style={{ height: HEIGHT }}
      />
      <p ref={readoutRef} aria-hidden="true" className="mt-2 min-h-10 text-sm text-gray-700 tabular-nums">
        {HINT}
      </p>
    </figure>
  );
}
