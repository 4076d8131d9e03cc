// A player's season as an inline SVG: the running position after each evening, one point per
// evening, place 1 at the top. Built with createElementNS (no library, no inline style: the
// colours are classes in console.css); a table of the same numbers stands next to it.

const NS = "http://www.w3.org/2000/svg";

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) el.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

const W = 560;
const H = 260;
const PAD = { left: 44, right: 16, top: 16, bottom: 40 };

// points: [{evening, label, position, title}]; places: how many places the table has.
export function seasonChart(points, places, { title, xLabel, yLabel }) {
  const n = Math.max(points.length, 1);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const last = Math.max(places, 2);
  const x = (i) => PAD.left + (n === 1 ? innerW / 2 : (innerW * i) / (n - 1));
  const y = (place) => PAD.top + (innerH * (place - 1)) / (last - 1);
  const step = Math.max(1, Math.ceil(last / 8));
  const placeTicks = [];
  for (let place = 1; place <= last; place += step) placeTicks.push(place);
  if (placeTicks[placeTicks.length - 1] !== last) placeTicks.push(last);
  const id = `st-chart-title-${Math.random().toString(36).slice(2, 8)}`;
  return s("svg", {
    class: "st-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": id,
    preserveAspectRatio: "xMidYMid meet",
  },
  s("title", { id }, title),
  placeTicks.map((place) => s("g", { class: "st-grid" },
    s("line", { x1: PAD.left, x2: W - PAD.right, y1: y(place), y2: y(place) }),
    s("text", { x: PAD.left - 8, y: y(place) + 4, "text-anchor": "end" }, String(place)))),
  points.map((p, i) => s("text", { class: "st-axis", x: x(i), y: H - PAD.bottom + 18, "text-anchor": "middle" }, p.label)),
  s("text", { class: "st-axis", x: PAD.left + innerW / 2, y: H - 4, "text-anchor": "middle" }, xLabel),
  s("text", { class: "st-axis", x: 12, y: PAD.top + innerH / 2, "text-anchor": "middle",
    transform: `rotate(-90 12 ${PAD.top + innerH / 2})` }, yLabel),
  points.length > 1
    ? s("polyline", { class: "st-line", points: points.map((p, i) => `${x(i)},${y(p.position)}`).join(" ") })
    : null,
  points.map((p, i) => s("circle", {
    class: "st-point", cx: x(i), cy: y(p.position), r: 6, "data-evening": p.evening, "data-position": p.position,
  }, s("title", {}, p.title))));
}
