/**
 * The bench's charts as static SVG on log scales: horizontal bars (a value per label) and lines
 * (a value per session length per engine). Series differ by marker shape and dash as well as by
 * colour, every bar and line end carries its number as text, and each chart comes with its data
 * as a table.
 */
import { esc, table, type CellContent } from "./html.js";
import { both, html, msg, num, type Locale, type MessageKey, type Text } from "./i18n.js";

export type Bar = { readonly label: Text; readonly value: number | null };
export type Series = { readonly label: string; readonly points: readonly { x: number; y: number }[] };

/** A label drawn in SVG: a verbatim one (an engine's name) is marked not to translate. */
const labelText = (label: Text, locale: Locale, attrs: string): string =>
  `<text class="label" ${attrs}${label.verbatim ? ' translate="no"' : ""}>${esc(label.in(locale))}</text>`;

/** Powers of ten covering the values, and a function from a value to a 0..1 position. */
export function logScale(values: readonly number[]): { ticks: number[]; at(value: number): number } {
  const positive = values.filter((v) => v > 0);
  const lo = positive.length === 0 ? 0 : Math.floor(Math.log10(Math.min(...positive)));
  const hi = Math.max(lo + 1, positive.length === 0 ? 1 : Math.ceil(Math.log10(Math.max(...positive))));
  const ticks = Array.from({ length: hi - lo + 1 }, (_, i) => 10 ** (lo + i));
  return { ticks, at: (value) => (Math.log10(Math.max(value, 10 ** lo)) - lo) / (hi - lo) };
}

const svgOpen = (id: string, width: number, height: number, title: string, desc: string) =>
  `<svg class="chart" id="${id}" role="img" aria-labelledby="${id}-t ${id}-d" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg"><title id="${id}-t">${esc(title)}</title><desc id="${id}-d">${esc(desc)}</desc>`;

/** Bars on a log scale in `locale`; `unit` is the message that puts a value with its unit ("{value} µs"). */
export function barChart(id: string, locale: Locale, title: Text, unit: MessageKey, bars: readonly Bar[]): string {
  const notMeasured = msg(locale, "verdict.not_measured");
  const valued = (value: number) => msg(locale, unit, { value: num(value, locale) });
  const [labelW, plotW, barH, gap, top] = [200, 420, 22, 10, 28];
  const width = labelW + plotW + 90;
  const height = top + bars.length * (barH + gap) + 10;
  const scale = logScale(bars.flatMap((b) => (b.value === null ? [] : [b.value])));
  const grid = scale.ticks
    .map((t) => {
      const x = labelW + scale.at(t) * plotW;
      return `<line class="grid" x1="${x}" x2="${x}" y1="${top - 6}" y2="${height - 10}"/><text class="tick" x="${x}" y="${top - 10}" text-anchor="middle">${num(t, locale)}</text>`;
    })
    .join("");
  const rows = bars
    .map((bar, i) => {
      const y = top + i * (barH + gap);
      const label = labelText(bar.label, locale, `x="${labelW - 8}" y="${y + barH / 2 + 4}" text-anchor="end"`);
      if (bar.value === null)
        return `${label}<text class="value" x="${labelW + 4}" y="${y + barH / 2 + 4}">${esc(notMeasured)}</text>`;
      const w = Math.max(2, scale.at(bar.value) * plotW);
      return `${label}<rect class="bar bar-${i % 4}" x="${labelW}" y="${y}" width="${w.toFixed(1)}" height="${barH}"/><text class="value" x="${labelW + w + 6}" y="${y + barH / 2 + 4}">${esc(valued(bar.value))}</text>`;
    })
    .join("");
  const desc = bars.map((b) =>
    msg(locale, "chart.bar", { label: b.label.in(locale), value: b.value === null ? notMeasured : valued(b.value) }),
  );
  return `${svgOpen(id, width, height, title.in(locale), desc.join("; "))}${grid}${rows}</svg>`;
}

const MARKERS = [
  (x: number, y: number) => `<circle cx="${x}" cy="${y}" r="4.5"/>`,
  (x: number, y: number) => `<rect x="${x - 4}" y="${y - 4}" width="8" height="8"/>`,
  (x: number, y: number) => `<path d="M${x},${y - 5.5} L${x + 5.5},${y + 4.5} L${x - 5.5},${y + 4.5} z"/>`,
  (x: number, y: number) => `<path d="M${x},${y - 6} L${x + 6},${y} L${x},${y + 6} L${x - 6},${y} z"/>`,
];
const DASHES = ["", "8 4", "3 3", "10 3 2 3"];

/** Lines on log-log scales in `locale`: session length (calls) across, µs per fact up. */
export function lineChart(id: string, locale: Locale, title: Text, series: readonly Series[]): string {
  const [xUnit, yUnit] = [msg(locale, "bench.calls"), msg(locale, "unit.usPerFact")];
  const [left, plotW, plotH, top, right] = [64, 420, 240, 20, 190];
  const width = left + plotW + right;
  const height = top + plotH + 44;
  const xs = logScale(series.flatMap((s) => s.points.map((p) => p.x)));
  const ys = logScale(series.flatMap((s) => s.points.map((p) => p.y)));
  const px = (x: number) => left + xs.at(x) * plotW;
  const py = (y: number) => top + plotH - ys.at(y) * plotH;
  const grid = [
    ...xs.ticks.map(
      (t) =>
        `<line class="grid" x1="${px(t)}" x2="${px(t)}" y1="${top}" y2="${top + plotH}"/><text class="tick" x="${px(t)}" y="${top + plotH + 16}" text-anchor="middle">${num(t, locale)}</text>`,
    ),
    ...ys.ticks.map(
      (t) =>
        `<line class="grid" x1="${left}" x2="${left + plotW}" y1="${py(t)}" y2="${py(t)}"/><text class="tick" x="${left - 6}" y="${py(t) + 4}" text-anchor="end">${num(t, locale)}</text>`,
    ),
    `<text class="axis" x="${left + plotW / 2}" y="${height - 4}" text-anchor="middle">${esc(xUnit)}</text>`,
    `<text class="axis" x="12" y="${top + plotH / 2}" transform="rotate(-90 12 ${top + plotH / 2})" text-anchor="middle">${esc(yUnit)}</text>`,
  ].join("");
  // End labels are spread apart vertically so that close lines stay readable.
  const ends = series
    .map((s, i) => ({ i, y: s.points.length === 0 ? 0 : py(s.points[s.points.length - 1]?.y ?? 0) }))
    .sort((a, b) => a.y - b.y);
  for (let k = 1; k < ends.length; k += 1) {
    const [prev, cur] = [ends[k - 1], ends[k]];
    if (prev !== undefined && cur !== undefined && cur.y - prev.y < 14) cur.y = prev.y + 14;
  }
  const lines = series
    .map((s, i) => {
      const pts = s.points.map((p) => `${px(p.x).toFixed(1)},${py(p.y).toFixed(1)}`).join(" ");
      const marker = MARKERS[i % MARKERS.length] ?? MARKERS[0]!;
      const last = s.points[s.points.length - 1];
      const endY = ends.find((e) => e.i === i)?.y ?? 0;
      const endLabel =
        last === undefined
          ? ""
          : `<text class="label" x="${left + plotW + 10}" y="${endY + 4}" translate="no">${esc(s.label)} ${num(last.y, locale)}</text>`;
      const dash = DASHES[i % DASHES.length] ?? "";
      return `<g class="series series-${i % 4}" data-series="${esc(s.label)}"><polyline points="${pts}" fill="none"${dash === "" ? "" : ` stroke-dasharray="${dash}"`}/>${s.points.map((p) => marker(px(p.x), py(p.y))).join("")}${endLabel}</g>`;
    })
    .join("");
  const desc = series.map((s) =>
    msg(locale, "chart.series", {
      label: s.label,
      points: s.points.map((p) => msg(locale, "chart.point", { x: p.x, y: num(p.y, locale) })),
    }),
  );
  return `${svgOpen(id, width, height, title.in(locale), desc.join("; "))}${grid}${lines}</svg>`;
}

/** A chart in a figure: title, what it shows, which run and machine, the drawing (per language) and its numbers. */
export function figure(
  title: Text,
  description: Text,
  run: Text,
  svg: (locale: Locale) => string,
  data: { headers: readonly Text[]; rows: readonly (readonly CellContent[])[] },
): string {
  return `<figure class="chart-figure"><figcaption><strong>${html(title)}</strong> ${html(description)} <span class="run">${html(run)}</span></figcaption>
${both(svg, "div")}
<details><summary>${both((locale) => msg(locale, "bench.data"))}</summary>${table(data.headers, data.rows)}</details></figure>`;
}
