// The history app: get_history and get_statistics as charts. Numeric series
// are lines (statistics' min and max a band around the mean); states are a
// timeline. Drag across a chart to zoom into the window the tool returned.
(() => {
  const { t, h, svg } = HM;
  const W = 640;
  const H = 150;
  const PAD = { left: 44, right: 8, top: 8, bottom: 22 };
  const LANE = 22;
  const WARM = ["on", "open", "opening", "unlocked", "home", "playing", "heat", "detected", "disarmed", "jammed"];
  const PALETTE = ["#4e79a7", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#9c755f", "#bab0ac"];
  let data = null;
  let full = null;
  let view = null;

  const time = (iso) => Date.parse(iso);

  function series() {
    const lines = [];
    const lanes = [];
    for (const entity of data.entities || []) {
      const rows = (entity.rows || []).filter((row) => row.when);
      const numeric = rows.length > 0 && rows.every((row) => typeof row.state === "number");
      const item = { id: entity.entity_id, name: entity.name || entity.entity_id, unit: entity.unit || "", entity };
      if (numeric) lines.push({ ...item, points: rows.map((row) => ({ x: time(row.when), y: row.state })) });
      else lanes.push({ ...item, rows: rows.map((row) => ({ x: time(row.when), state: String(row.state) })) });
    }
    for (const stat of data.statistics || []) {
      const rows = stat.rows || [];
      const key = ["mean", "state", "change", "sum"].find((name) => rows.some((row) => typeof row[name] === "number"));
      if (!key) continue;
      lines.push({
        id: stat.statistic_id, name: stat.name || stat.statistic_id, unit: stat.unit || "", entity: stat,
        points: rows.filter((row) => typeof row[key] === "number").map((row) => ({
          x: time(row.start), y: row[key],
          lo: typeof row.min === "number" ? row.min : undefined,
          hi: typeof row.max === "number" ? row.max : undefined,
        })),
      });
    }
    return { lines, lanes };
  }

  function extent(found) {
    const window = data.window || {};
    let start = window.start ? time(window.start) : Infinity;
    let end = window.end ? time(window.end) : -Infinity;
    for (const line of found.lines) for (const p of line.points) { start = Math.min(start, p.x); end = Math.max(end, p.x); }
    for (const lane of found.lanes) for (const r of lane.rows) { start = Math.min(start, r.x); end = Math.max(end, r.x); }
    if (!Number.isFinite(start) || !Number.isFinite(end)) return null;
    if (end <= start) end = start + 60000;
    return [start, end];
  }

  function xScale(x) {
    return PAD.left + ((x - view[0]) / (view[1] - view[0])) * (W - PAD.left - PAD.right);
  }

  function xInverse(px) {
    return view[0] + ((px - PAD.left) / (W - PAD.left - PAD.right)) * (view[1] - view[0]);
  }

  function timeAxis(group, height) {
    const zone = data.window && data.window.time_zone;
    const long = view[1] - view[0] > 36 * 3600 * 1000;
    for (let i = 0; i <= 4; i++) {
      const x = view[0] + ((view[1] - view[0]) * i) / 4;
      const label = svg("text", { x: xScale(x), y: height - 6, "text-anchor": i === 0 ? "start" : i === 4 ? "end" : "middle" });
      label.textContent = HM.formatTime(new Date(x).toISOString(), zone, long);
      group.append(label);
    }
  }

  function zoomable(chart, height) {
    const select = svg("rect", { class: "sel", y: 0, height, width: 0, x: 0 });
    chart.append(select);
    let from = null;
    const at = (event) => {
      const box = chart.getBoundingClientRect();
      return ((event.clientX - box.left) / box.width) * W;
    };
    chart.addEventListener("pointerdown", (event) => { from = at(event); chart.setPointerCapture(event.pointerId); });
    chart.addEventListener("pointermove", (event) => {
      if (from === null) return;
      const to = at(event);
      select.setAttribute("x", Math.min(from, to));
      select.setAttribute("width", Math.abs(to - from));
    });
    chart.addEventListener("pointerup", (event) => {
      if (from === null) return;
      const to = at(event);
      const [a, b] = [xInverse(Math.min(from, to)), xInverse(Math.max(from, to))];
      from = null;
      if (b - a > (view[1] - view[0]) / 100) {
        view = [Math.max(a, full[0]), Math.min(b, full[1])];
        draw();
      } else select.setAttribute("width", 0);
    });
  }

  function lineChart(line) {
    const visible = line.points.filter((p) => p.x >= view[0] && p.x <= view[1]);
    const ys = visible.flatMap((p) => [p.y, p.lo, p.hi]).filter((y) => typeof y === "number");
    const chart = svg("svg", { class: "chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": line.name });
    if (!ys.length) return chart;
    let lo = Math.min(...ys);
    let hi = Math.max(...ys);
    if (hi === lo) { hi += 1; lo -= 1; }
    const y = (value) => PAD.top + (1 - (value - lo) / (hi - lo)) * (H - PAD.top - PAD.bottom);
    chart.append(svg("line", { class: "axis", x1: PAD.left, x2: W - PAD.right, y1: H - PAD.bottom, y2: H - PAD.bottom }));
    for (const value of [lo, hi]) {
      const label = svg("text", { x: PAD.left - 4, y: y(value) + 4, "text-anchor": "end" });
      label.textContent = HM.number(value);
      chart.append(label);
    }
    const banded = visible.filter((p) => p.lo !== undefined && p.hi !== undefined);
    if (banded.length > 1) {
      const upper = banded.map((p) => `${xScale(p.x)},${y(p.hi)}`);
      const lower = banded.slice().reverse().map((p) => `${xScale(p.x)},${y(p.lo)}`);
      chart.append(svg("polygon", { class: "band", points: [...upper, ...lower].join(" ") }));
    }
    const path = visible.map((p, i) => `${i ? "L" : "M"}${xScale(p.x).toFixed(1)},${y(p.y).toFixed(1)}`).join("");
    chart.append(svg("path", { class: "line", d: path }));
    if (visible.length === 1) chart.append(svg("circle", { cx: xScale(visible[0].x), cy: y(visible[0].y), r: 3, fill: "currentColor" }));
    timeAxis(chart, H);
    zoomable(chart, H);
    return chart;
  }

  function colour(state, index) {
    if (WARM.includes(state)) return "#e8a33d";
    if (["off", "closed", "locked", "not_home", "idle", "armed_away", "armed_home", "armed_night"].includes(state)) return "#6b8fb3";
    if (state === "unavailable" || state === "unknown") return "#9a9a9a";
    return PALETTE[index % PALETTE.length];
  }

  function timeline(lanes) {
    const height = lanes.length * LANE + 26;
    const chart = svg("svg", { class: "chart", viewBox: `0 0 ${W} ${height}`, role: "img" });
    const states = new Map();
    lanes.forEach((lane, index) => {
      const top = index * LANE + 4;
      const name = svg("text", { x: 2, y: top + 14 });
      name.textContent = lane.name.length > 7 ? `${lane.name.slice(0, 6)}…` : lane.name;
      chart.append(name);
      lane.rows.forEach((row, i) => {
        const end = i + 1 < lane.rows.length ? lane.rows[i + 1].x : full[1];
        const a = Math.max(row.x, view[0]);
        const b = Math.min(end, view[1]);
        if (b <= a) return;
        if (!states.has(row.state)) states.set(row.state, colour(row.state, states.size));
        const rect = svg("rect", { x: xScale(a), y: top, width: Math.max(1, xScale(b) - xScale(a)), height: LANE - 6, rx: 3, fill: states.get(row.state) });
        const tip = svg("title", {});
        tip.textContent = `${lane.name}: ${row.state}`;
        rect.append(tip);
        chart.append(rect);
      });
    });
    timeAxis(chart, height);
    zoomable(chart, height);
    const legend = h("div", { class: "legend" }, [...states].map(([state, fill]) =>
      h("span", {}, h("span", { class: "swatch", style: `background:${fill}` }), state)));
    return [h("div", { class: "muted" }, lanes.map((lane) => lane.name).join(" · ")), chart, legend];
  }

  function draw() {
    if (!data) return;
    if (data.ok === false) return HM.show(RequestCard.failure(data));
    const found = series();
    full = full || extent(found);
    if (!full) return HM.show(h("p", { class: "muted" }, t("no_data")));
    view = view || full.slice();
    const zone = data.window && data.window.time_zone;
    const title = data.statistics ? t("hist_stats", { period: data.period || "" }) : t("hist_title");
    const zoomed = view[0] > full[0] || view[1] < full[1];
    const parts = [
      h("div", { class: "row spread" },
        h("h1", {}, title),
        zoomed
          ? h("button", { type: "button", "data-reset": "", onclick: () => { view = full.slice(); draw(); } }, t("hist_reset"))
          : h("span", { class: "muted" }, t("hist_zoom"))),
      h("div", { class: "muted" },
        `${HM.formatTime(new Date(view[0]).toISOString(), zone, true)} – ${HM.formatTime(new Date(view[1]).toISOString(), zone, true)}`),
    ];
    for (const line of found.lines) {
      const facts = [line.unit ? `(${line.unit})` : ""];
      if (typeof line.entity.min === "number") facts.push(t("hist_min", { value: HM.number(line.entity.min) }));
      if (typeof line.entity.max === "number") facts.push(t("hist_max", { value: HM.number(line.entity.max) }));
      parts.push(h("section", { class: "card", "data-series": line.id },
        h("h3", {}, line.name, " ", h("span", { class: "muted" }, facts.join(" "))),
        lineChart(line)));
    }
    if (found.lanes.length) parts.push(h("section", { class: "card", "data-timeline": "" }, timeline(found.lanes)));
    HM.show(...parts);
  }

  HM.show(h("p", { class: "muted" }, t("loading")));
  HM.on("ui/notifications/tool-result", (result) => {
    data = HM.payloadOf(result) || { ok: false, message: t("no_data") };
    full = null;
    view = null;
    draw();
  });
  HM.on("ui/notifications/host-context-changed", draw);
  HM.start("history").catch(() => {});
})();
